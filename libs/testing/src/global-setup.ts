import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/* eslint-disable @typescript-eslint/no-require-imports -- the provisioning script is shared with plain-Node scripts */
const { provisionDatabase, provisionRedis } = require('../../../scripts/lib/provision.cjs');

/**
 * One run, one database and one Redis key prefix: runs on the same servers never see each other.
 * The values reach the test workers through the environment.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-db-')); // for an embedded server, when the machine has none
  const database = await provisionDatabase({ dataDir, preferLocalServer: true });
  const redis = await provisionRedis();
  const name = `portal_test_${runId}`;
  const admin = new Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`);
  await admin.end();
  const url = new URL(database.url);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.PORTAL_TEST_ADMIN_DATABASE_URL = database.url;
  process.env.PORTAL_TEST_DATABASE_NAME = name;
  process.env.REDIS_URL = redis.url;
  process.env.REDIS_KEY_PREFIX = `test:${runId}:`;
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
  // A declared operation's answer that does not match its schema fails the call (libs/platform/src/operations).
  process.env.CHECK_ANSWERS = 'true';
  // A row that does not match its repository's row schema fails the query (libs/db/src/typed-query.ts).
  process.env.CHECK_ROWS = 'true';
  (globalThis as Record<string, unknown>).__PORTAL_TEST_STOP__ = async () => {
    await redis.stop();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
