// Links generated samples to their titles through the catalogue's own CLI (apps/catalogue/src/cli/link-episodes.ts),
// against the running portal's database (or DATABASE_URL). Without one, the catalogue links them at its next start.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureApiBuilt, ROOT } from './setup.mjs';

const LATER = '[samples] the catalogue links them to their titles when it starts next';

export function linkSamplesToCatalogue(mediaDir, env = process.env) {
  const dataDir = env.PORTAL_DATA_DIR ?? join(ROOT, '.data');
  const runtimeFile = join(dataDir, 'runtime.json');
  const runtime = existsSync(runtimeFile) ? JSON.parse(readFileSync(runtimeFile, 'utf8')) : {};
  const databaseUrl = env.DATABASE_URL ?? runtime.DATABASE_URL;
  if (!databaseUrl) {
    console.log(`${LATER} (no portal database found: npm start, or set DATABASE_URL)`);
    return false;
  }
  ensureApiBuilt();
  const { status } = spawnSync(process.execPath, [join(ROOT, 'dist/apps/catalogue/src/cli/link-episodes.js')], {
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: env.REDIS_URL ?? runtime.REDIS_URL ?? 'redis://127.0.0.1:6379',
      MEDIA_DIR: mediaDir,
      LOG_LEVEL: 'warn',
      HEALTH_PORT: '0',
    },
    stdio: 'inherit',
  });
  if (status !== 0) console.log(`${LATER} (the portal is not running?)`);
  return status === 0;
}
