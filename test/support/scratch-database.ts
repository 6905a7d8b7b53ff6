import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  url: string;
  query: <R extends Record<string, any> = Record<string, any>>(sql: string, params?: unknown[]) => Promise<R[]>;
  /** The plan of a query when the planner may not scan the whole table: shows whether an index can serve it. */
  indexPlan: (sql: string, params?: unknown[]) => Promise<string>;
  drop: () => Promise<void>;
}

/**
 * A database of the spec file's own (data reset per test file), on the run's server (the jest global
 * setup's, local or embedded), UTF-8 with a ctype that classifies Cyrillic and kana.
 * `adminUrl`: another server to create it on (a chaos test's private PostgreSQL).
 */
export async function createScratchDatabase(options: { ctype?: string; adminUrl?: string } = {}): Promise<ScratchDatabase> {
  const adminUrl = options.adminUrl ?? process.env.PORTAL_TEST_ADMIN_DATABASE_URL;
  if (!adminUrl) throw new Error('createScratchDatabase: no server to create it on (run it under jest, whose global setup gives one)');
  const name = `${process.env.PORTAL_TEST_DATABASE_NAME ?? 'portal_test'}_${randomBytes(3).toString('hex')}`;
  const ctype = options.ctype ?? 'C.UTF-8';
  await withClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}" ENCODING 'UTF8' LC_COLLATE '${ctype}' LC_CTYPE '${ctype}' TEMPLATE template0`),
  );
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  return {
    url,
    query: (sql, params = []) => withClient(url, async (client) => (await client.query(sql, params)).rows),
    indexPlan: (sql, params = []) =>
      withClient(url, async (client) => {
        await client.query('SET enable_seqscan = off');
        return JSON.stringify((await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)).rows);
      }),
    drop: async () => {
      await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
