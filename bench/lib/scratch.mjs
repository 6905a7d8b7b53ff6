// A scratch PostgreSQL database and Redis key prefix per run, removed at the end (see cleanup.mjs).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import Redis from 'ioredis';
import pg from 'pg';
import { atExit, wasInterrupted } from './cleanup.mjs';

const require = createRequire(import.meta.url);
const { LOCAL_POSTGRES, LOCAL_REDIS } = require('../../scripts/lib/provision.cjs');

/**
 * BENCH_POSTGRES_URL: a server where the bench may create and drop a database (default the local
 * one); REDIS_URL: the Redis to use (default the local one).
 */
export async function createScratch(name) {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? LOCAL_POSTGRES;
  const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;
  const database = `bench_${name}_${runId}`;
  const keyPrefix = `bench:${name}:${runId}:`;

  if (wasInterrupted()) throw new Error('interrupted');
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${database}" ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`));
  atExit(async () => {
    await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    try {
      let deleted = 0;
      for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 1000 })) {
        if (keys.length > 0) deleted += await redis.del(...keys);
      }
      console.log(`[bench] dropped database ${database}, deleted ${deleted} Redis keys`);
    } finally {
      redis.disconnect();
    }
  });

  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    databaseUrl: url.toString(),
    redisUrl,
    keyPrefix,
  };
}

/** Runs one statement on a database and returns its rows. */
export async function sql(url, text, params = []) {
  return withAdmin(url, async (client) => (await client.query(text, params)).rows);
}

async function withAdmin(url, action) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await action(admin);
  } finally {
    await admin.end();
  }
}
