import Redis from 'ioredis';
import { Client } from 'pg';

/** Drops the run's database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const name = process.env.PORTAL_TEST_DATABASE_NAME;
  if (name && process.env.PORTAL_TEST_ADMIN_DATABASE_URL) {
    const admin = new Client({ connectionString: process.env.PORTAL_TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  if (process.env.REDIS_URL && process.env.REDIS_KEY_PREFIX) {
    const redis = new Redis(process.env.REDIS_URL);
    const stream = redis.scanStream({ match: `${process.env.REDIS_KEY_PREFIX}*`, count: 500 });
    for await (const keys of stream) if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    await redis.quit();
  }
  const stop = (globalThis as Record<string, unknown>).__PORTAL_TEST_STOP__ as (() => Promise<void>) | undefined;
  await stop?.();
}
