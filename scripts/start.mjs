// `npm start`: from a fresh clone to the whole portal on http://localhost:3000.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { movePgliteData } from './lib/pglite-move.mjs';
import { prepareSampleEpisodes } from './lib/samples-start.mjs';
import { ensureBuilt, ensureDependencies, ROOT } from './lib/setup.mjs';

const DATA_DIR = process.env.PORTAL_DATA_DIR ?? join(ROOT, '.data');

function jwtSecret() {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = join(DATA_DIR, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main() {
  ensureDependencies();
  ensureBuilt();
  mkdirSync(DATA_DIR, { recursive: true });
  const media = await prepareSampleEpisodes(DATA_DIR);
  const require = createRequire(import.meta.url);
  const { provisionDatabase, provisionRedis, ProvisionError } = require('./lib/provision.cjs');
  const { startPortal, waitForHealth } = await import('./lib/portal.mjs');

  let database;
  let redis;
  try {
    database = await provisionDatabase({ dataDir: DATA_DIR, preferLocalServer: false });
    if (database.kind === 'embedded') await movePgliteData(DATA_DIR, database.url);
    redis = await provisionRedis();
  } catch (error) {
    if (error instanceof ProvisionError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const port = Number(process.env.PORT ?? 3000);
  const env = {
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    JWT_SECRET: jwtSecret(),
    PORT: String(port),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ...media,
  };
  writeFileSync(join(DATA_DIR, 'runtime.json'), JSON.stringify({ DATABASE_URL: database.url, REDIS_URL: redis.url }, null, 2));
  console.log(`[start] database: ${database.kind}, redis: ${redis.kind}`);

  const portal = startPortal(env);
  let shuttingDown = false;
  const shutdown = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log('\n[start] stopping…');
    await portal.stop();
    await redis.stop();
    await database.stop();
    console.log('[start] stopped');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const url = `http://localhost:${port}`;
  await portal.ready;
  await waitForHealth(url, 60000);
  console.log(`\nPortal ready: ${url}\n`);
}

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  process.exit(1);
});
