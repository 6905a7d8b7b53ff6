// Runs one of the services' command-line tools against the running portal's database and Redis
// (or DATABASE_URL / REDIS_URL when they are set).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, ROOT } from './setup.mjs';

export function runPortalCli(compiledScript, args, extraEnv = () => ({})) {
  const dataDir = process.env.PORTAL_DATA_DIR ?? join(ROOT, '.data');
  const runtimeFile = join(dataDir, 'runtime.json');
  const runtime = existsSync(runtimeFile) ? JSON.parse(readFileSync(runtimeFile, 'utf8')) : {};
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? runtime.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL ?? runtime.REDIS_URL,
    ...extraEnv(dataDir),
    LOG_LEVEL: 'warn',
    HEALTH_PORT: '0',
  };
  if (!env.DATABASE_URL) {
    console.error('No database: start the portal with `npm start` first, or set DATABASE_URL and REDIS_URL.');
    process.exit(1);
  }
  ensureDependencies();
  ensureBuilt();
  const { status } = spawnSync(process.execPath, [join(ROOT, compiledScript), ...args], { env, stdio: 'inherit' });
  process.exit(status ?? 1);
}
