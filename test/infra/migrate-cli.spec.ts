import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

const ROOT = resolve(__dirname, '../..');
const SERVICES = ['auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation'] as const;
/** One table of each schema that its migrations make. */
const MADE_BY_MIGRATIONS = { auth: 'users', catalogue: 'anime', community: 'comments', chat: 'messages', rewards: 'outbox', moderation: 'audit_log' };

/**
 * Issue #15: replicas start with MIGRATE_ON_BOOT=false and k8s/migrations-job.yaml runs each service's
 * `dist/apps/<service>/src/cli/migrate.js` once before them. Each applies its schema's migrations
 * (the transport's applied_calls included) with DATABASE_URL alone, and a second run changes nothing.
 */
describe('the migrations command of every service', () => {
  let database: ScratchDatabase;
  const migrate = (service: string, env: Record<string, string>) =>
    spawnSync(process.execPath, [join(ROOT, `dist/apps/${service}/src/cli/migrate.js`)], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  beforeAll(async () => {
    execFileSync(process.execPath, ['--input-type=module', '-e', "import('./scripts/lib/setup.mjs').then((setup) => setup.ensureApiBuilt())"], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    database = await createScratchDatabase();
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  it.each(SERVICES)('%s: applies its migrations with DATABASE_URL alone (no Redis, no JWT secret), then finds nothing to do', async (service) => {
    expect(existsSync(join(ROOT, `apps/${service}/src/cli/migrate.ts`))).toBe(true);
    const first = migrate(service, { DATABASE_URL: database.url });
    expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: '' });
    const tables = await database.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1`, [service]);
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining([MADE_BY_MIGRATIONS[service], 'applied_calls', 'migrations']));
    const applied = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${service}"."migrations"`);

    const again = migrate(service, { DATABASE_URL: database.url });
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('schema up to date');
    expect(await database.query(`SELECT count(*)::int AS n FROM "${service}"."migrations"`)).toEqual(applied);
  });

  it('stops with one clear line and exit 1 on a missing or bad DATABASE_URL', () => {
    const missing = migrate('auth', {});
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^\[auth-migrate\] invalid environment: DATABASE_URL/)]);
    const unreachable = migrate('chat', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toMatch(/^\[chat-migrate\] /);
  });
});
