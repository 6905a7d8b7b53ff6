import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { movePgliteData } from './pglite-move.mjs';

const require = createRequire(import.meta.url);
const { provisionDatabase } = require('./provision.cjs');
const pg = require('pg');

async function embeddedServer(t) {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  t.after(() => saved !== undefined && (process.env.DATABASE_URL = saved));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-pglite-move-'));
  const database = await provisionDatabase({ dataDir, preferLocalServer: false });
  t.after(async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, url: database.url };
}

/** A `.data/pglite` as the former default left it: a service's schema, its rows, a trigram index. */
async function formerPglite(dataDir) {
  const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  await db.exec(`
    CREATE EXTENSION pg_trgm;
    CREATE SCHEMA auth;
    CREATE TABLE auth.users (id serial PRIMARY KEY, username text NOT NULL UNIQUE, profile jsonb);
    CREATE INDEX users_username_trgm ON auth.users USING gin (username gin_trgm_ops);
    INSERT INTO auth.users (username, profile) VALUES ('наруто', '{"bio": "Даттебайо"}'), ('sakura', null);`);
  await db.close();
}

async function rows(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

test("the former PGlite's data is moved into the embedded PostgreSQL once, and its folder kept aside", async (t) => {
  const { dataDir, url } = await embeddedServer(t);
  await formerPglite(dataDir);
  const lines = [];
  assert.equal(await movePgliteData(dataDir, url, (line) => lines.push(line)), 'moved');
  assert.deepEqual(await rows(url, 'SELECT id, username, profile FROM auth.users ORDER BY id'), [
    { id: 1, username: 'наруто', profile: { bio: 'Даттебайо' } },
    { id: 2, username: 'sakura', profile: null },
  ]);
  // The sequence moved on with the rows: the next user does not collide with a moved one.
  assert.deepEqual(await rows(url, "INSERT INTO auth.users (username) VALUES ('hinata') RETURNING id"), [{ id: 3 }]);
  assert.equal(existsSync(join(dataDir, 'pglite')), false);
  assert.equal(existsSync(join(dataDir, 'pglite.moved', 'PG_VERSION')), true);
  assert.match(lines.at(-1), /pglite\.moved/);
  assert.equal(await movePgliteData(dataDir, url, () => {}), 'none');
});

test('a server that already holds the portal leaves the PGlite folder alone and says so', async (t) => {
  const { dataDir, url } = await embeddedServer(t);
  await rows(url, 'CREATE SCHEMA auth; CREATE TABLE auth.users (id int)');
  await formerPglite(dataDir);
  const lines = [];
  assert.equal(await movePgliteData(dataDir, url, (line) => lines.push(line)), 'left');
  assert.deepEqual(await rows(url, 'SELECT count(*)::int AS n FROM auth.users'), [{ n: 0 }]);
  assert.equal(existsSync(join(dataDir, 'pglite', 'PG_VERSION')), true);
  assert.match(lines[0], /left alone/);
});
