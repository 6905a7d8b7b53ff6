// Until session 14 the embedded default was PGlite in `.data/pglite`: its data is moved, once, into
// the embedded PostgreSQL server that replaced it.
import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The portal's own schemas (apps/<service>): a server holding any of them already has the portal's data. */
const PORTAL_SCHEMAS = ['auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation'];

async function holdsPortalData(client) {
  const { rows } = await client.query('SELECT count(*)::int AS schemas FROM pg_namespace WHERE nspname = ANY($1)', [PORTAL_SCHEMAS]);
  return rows[0].schemas > 0;
}

async function dumpPglite(folder) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const db = await PGlite.create(folder, { extensions: { pg_trgm } });
  try {
    // Plain INSERTs (no COPY … FROM stdin, which a client's simple query cannot feed), many rows each.
    const file = await pgDump({ pg: db, args: ['--rows-per-insert=500', '--no-owner', '--no-privileges'] });
    return await file.text();
  } finally {
    await db.close();
  }
}

/**
 * Moves `dataDir/pglite` into the server at `databaseUrl` in one transaction and renames the folder
 * `pglite.moved` (kept as it was, for the user to delete). Nothing happens when there is no such
 * folder, or when the server already holds the portal's schemas (then the folder is left alone and
 * this says so). A failed move changes nothing on the server and is tried again at the next start.
 */
export async function movePgliteData(dataDir, databaseUrl, log = console.log) {
  const folder = join(dataDir, 'pglite');
  if (!existsSync(join(folder, 'PG_VERSION'))) return 'none';
  const pg = require('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (await holdsPortalData(client)) {
      log(`[start] ${folder} (the former embedded PGlite) is left alone: the database already holds the portal's data`);
      return 'left';
    }
    log(`[start] moving the data of the former embedded PGlite (${folder}) into PostgreSQL, once…`);
    const dump = await dumpPglite(folder);
    await client.query('BEGIN');
    try {
      await client.query(dump);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`moving ${folder} failed, nothing was changed (tried again at the next start): ${error.message}`);
    }
  } finally {
    await client.end();
  }
  renameSync(folder, `${folder}.moved`);
  log(`[start] moved; the old folder is kept as ${folder}.moved (delete it when you no longer need it)`);
  return 'moved';
}
