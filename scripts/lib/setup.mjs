// Makes a fresh clone runnable: dependencies installed, code built when sources changed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

function run(command) {
  execSync(command, { cwd: ROOT, stdio: 'inherit', env: process.env });
}

export function ensureDependencies() {
  if (existsSync(join(ROOT, 'node_modules/.package-lock.json'))) return;
  console.log('[setup] installing dependencies (first run)…');
  // npm install, not npm ci: the lock file omits some optional per-platform binaries (@swc/core-*),
  // which makes npm ci refuse it; install keeps the locked versions and adds the missing entries.
  run('npm install --no-audit --no-fund');
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Rebuilds the services only when their sources are newer than the last build. */
export function ensureApiBuilt() {
  const apiSources = Math.max(newestMtime(join(ROOT, 'apps')), newestMtime(join(ROOT, 'libs')));
  if (apiSources > newestMtime(join(ROOT, 'dist'))) {
    console.log('[setup] building services…');
    run('npm run build:api --silent');
  }
}

/** Rebuilds the API and the web client only when their sources are newer than the last build. */
export function ensureBuilt() {
  ensureApiBuilt();
  const webSources = Math.max(newestMtime(join(ROOT, 'web/src')), newestMtime(join(ROOT, 'libs/contracts')), newestMtime(join(ROOT, 'web/index.html')));
  if (existsSync(join(ROOT, 'web/src')) && webSources > newestMtime(join(ROOT, 'web/dist'))) {
    console.log('[setup] building the web client…');
    run('npm run build:web --silent');
  }
}
