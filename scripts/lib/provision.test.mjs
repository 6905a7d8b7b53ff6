import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { freePort, provisionDatabase, provisionRedis, ProvisionError, redisReachable } = require('./provision.cjs');
const pg = require('pg');

// Nothing listens on a port freePort just handed out, so it stands for "no local Redis".
const noLocalRedis = async () => `redis://127.0.0.1:${await freePort()}`;

test('without REDIS_URL or a local server, a redis-server from PATH is started and stopped', async (t) => {
  const saved = process.env.REDIS_URL;
  delete process.env.REDIS_URL;
  t.after(() => saved !== undefined && (process.env.REDIS_URL = saved));
  const redis = await provisionRedis({ localUrl: await noLocalRedis() });
  assert.equal(redis.kind, 'started');
  assert.equal(await redisReachable(redis.url), true);
  await redis.stop();
  for (let i = 0; i < 50 && (await redisReachable(redis.url)); i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await redisReachable(redis.url), false);
});

test('with no Redis anywhere, it fails with one line saying how to get one', async (t) => {
  const saved = process.env.REDIS_URL;
  delete process.env.REDIS_URL;
  t.after(() => saved !== undefined && (process.env.REDIS_URL = saved));
  await assert.rejects(provisionRedis({ localUrl: await noLocalRedis(), searchPath: '/nonexistent' }), (error) => {
    assert.ok(error instanceof ProvisionError);
    assert.doesNotMatch(error.message, /\n/);
    assert.match(error.message, /REDIS_URL.*redis-server/);
    return true;
  });
});

async function withoutDatabaseUrl(t) {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  t.after(() => saved !== undefined && (process.env.DATABASE_URL = saved));
  // mkdtemp's folder is private: when run as root, the server's own account must still reach it.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-provision-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

async function query(url, sql, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

test('without DATABASE_URL, an embedded PostgreSQL keeps its data across a stop and a start', async (t) => {
  const dataDir = await withoutDatabaseUrl(t);
  const first = await provisionDatabase({ dataDir, preferLocalServer: false });
  assert.equal(first.kind, 'embedded');
  await query(first.url, "CREATE EXTENSION pg_trgm; CREATE TABLE kept (name text); INSERT INTO kept VALUES ('Наруто')");
  await first.stop();

  const second = await provisionDatabase({ dataDir, preferLocalServer: false });
  t.after(() => second.stop());
  assert.deepEqual(await query(second.url, 'SELECT name, similarity(name, $1) > 0.3 AS close FROM kept', ['нарута']), [{ name: 'Наруто', close: true }]);
  assert.deepEqual(await query(second.url, 'SHOW server_encoding'), [{ server_encoding: 'UTF8' }]);
});

test('the embedded PostgreSQL answers one connection while another waits inside a transaction', async (t) => {
  const dataDir = await withoutDatabaseUrl(t);
  const database = await provisionDatabase({ dataDir, preferLocalServer: false });
  t.after(() => database.stop());
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await holder.query('BEGIN');
  const order = [];
  const waiting = holder.query('SELECT pg_sleep(1.5)').then(() => order.push('transaction'));
  const other = query(database.url, 'SELECT 1 AS one').then((rows) => order.push(`other:${rows[0].one}`));
  await Promise.all([waiting, other]);
  await holder.query('COMMIT');
  await holder.end();
  assert.deepEqual(order, ['other:1', 'transaction']);
});

test('a server left running on the folder (a start that was killed) is stopped and the folder served again', async (t) => {
  const dataDir = await withoutDatabaseUrl(t);
  const leftover = await provisionDatabase({ dataDir, preferLocalServer: false });
  await query(leftover.url, 'CREATE TABLE survived (id int); INSERT INTO survived VALUES (7)');
  const next = await provisionDatabase({ dataDir, preferLocalServer: false });
  t.after(() => next.stop());
  assert.notEqual(next.url, leftover.url);
  assert.deepEqual(await query(next.url, 'SELECT id FROM survived'), [{ id: 7 }]);
  await assert.rejects(query(leftover.url, 'SELECT 1'));
});

test('the embedded PostgreSQL refuses a wrong password', async (t) => {
  const dataDir = await withoutDatabaseUrl(t);
  const database = await provisionDatabase({ dataDir, preferLocalServer: false });
  t.after(() => database.stop());
  const url = new URL(database.url);
  url.password = 'wrong';
  await assert.rejects(query(url.toString(), 'SELECT 1'), /password authentication failed/);
});
