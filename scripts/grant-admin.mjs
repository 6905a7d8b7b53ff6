// `npm run admin -- <email>`: grants admin to an existing user of the running portal
// (or of DATABASE_URL / REDIS_URL when they are set).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureDependencies, ROOT } from './lib/setup.mjs';

const dataDir = process.env.PORTAL_DATA_DIR ?? join(ROOT, '.data');
const runtimeFile = join(dataDir, 'runtime.json');
const runtime = existsSync(runtimeFile) ? JSON.parse(readFileSync(runtimeFile, 'utf8')) : {};
const secretFile = join(dataDir, 'jwt-secret');
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? runtime.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL ?? runtime.REDIS_URL,
  JWT_SECRET: process.env.JWT_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined),
  LOG_LEVEL: 'warn',
  HEALTH_PORT: '0',
};
if (!env.DATABASE_URL) {
  console.error('No database: start the portal with `npm start` first, or set DATABASE_URL and REDIS_URL.');
  process.exit(1);
}
ensureDependencies();
ensureBuilt();
const { status } = spawnSync(process.execPath, [join(ROOT, 'dist/apps/auth/src/cli/grant-admin.js'), ...process.argv.slice(2)], {
  env,
  stdio: 'inherit',
});
process.exit(status ?? 1);
