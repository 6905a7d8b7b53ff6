// Builds and starts the portal's services from dist/ as separate processes, like `npm start` does
// (scripts/lib/portal.mjs), but only the ones a bench needs, on its scratch database and key prefix.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureApiBuilt, ROOT } from '../../scripts/lib/setup.mjs';
import { atExit, wasInterrupted } from './cleanup.mjs';

export { ensureApiBuilt, ROOT };
const require = createRequire(import.meta.url);
export const { freePort } = require('../../scripts/lib/provision.cjs');
/** A module of the compiled services, e.g. distRequire('apps/catalogue/src/search/search.service'). */
export const distRequire = (path) => require(join(ROOT, 'dist', path));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment every service of a bench shares: scratch database and prefix, quiet logs, no rate limit. */
export function portalEnv(scratch) {
  const uploads = mkdtempSync(join(tmpdir(), 'bench-uploads-'));
  atExit(() => rmSync(uploads, { recursive: true, force: true }));
  return {
    NODE_ENV: 'production',
    DATABASE_URL: scratch.databaseUrl,
    REDIS_URL: scratch.redisUrl,
    REDIS_KEY_PREFIX: scratch.keyPrefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    UPLOADS_DIR: uploads,
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
    CATALOGUE_IMPORT_ON_EMPTY: 'true',
    CATALOGUE_DATA_DIR: join(ROOT, 'data/catalogue'),
  };
}

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * Spawns `node <script>`; warnings and errors are relayed, every JSON log line goes to onLog.
 * BENCH_NODE_ARGS adds node flags to every process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
export function startProcess(name, script, env, { onLog } = {}) {
  if (wasInterrupted()) throw new Error('interrupted');
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  void exited.then((how) => stopping || wasInterrupted() || console.error(`[${name}] exited unexpectedly (${how})`));
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return console.error(`[${name}] ${line}`);
      }
      onLog?.(entry);
      if (entry.level >= 40) console.error(`[${name}] ${LEVELS[entry.level]} ${entry.msg}${entry.err?.message ? ` (${entry.err.message})` : ''}`);
    });
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  atExit(stop);
  return { name, child, exited, stop };
}

export async function waitReady(proc, url, timeoutMs = 180_000) {
  let dead = false;
  void proc.exited.then(() => (dead = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${proc.name} exited before it became ready`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`${proc.name} not ready within ${timeoutMs / 1000} s (${url})`);
}

/** One service from dist/ on free ports; resolves when its probe (gateway: /api/health/live) answers. */
export async function startService(app, env, { onLog } = {}) {
  const started = performance.now();
  const ports = { HEALTH_PORT: String(await freePort()), ...(app === 'gateway' && { PORT: String(await freePort()) }) };
  const proc = startProcess(app, `dist/apps/${app}/src/main.js`, { ...env, ...ports }, { onLog });
  const baseUrl = app === 'gateway' ? `http://127.0.0.1:${ports.PORT}` : `http://127.0.0.1:${ports.HEALTH_PORT}`;
  await waitReady(proc, app === 'gateway' ? `${baseUrl}/api/health/live` : `${baseUrl}/health/ready`);
  return { ...proc, baseUrl, readyMs: performance.now() - started };
}

/**
 * Boots the catalogue once on the empty scratch database so that it imports the full dataset, and
 * stops it: returns the boot-to-ready time and the importer's own duration and counts.
 */
export async function importCatalogue(env) {
  let finished = null;
  const catalogue = await startService(
    'catalogue',
    { ...env, LOG_LEVEL: 'info' },
    {
      onLog: (entry) => entry.msg === 'catalogue import finished' && (finished = entry),
    },
  );
  await catalogue.stop();
  if (!finished) throw new Error('the catalogue did not import the dataset (was the database empty?)');
  const { durationMs, read, inserted, skipped } = finished;
  return { bootToReadyMs: catalogue.readyMs, importMs: durationMs, read, inserted, skipped };
}

/** The plain fastify server every figure is read against (bench/hello-world-server.mjs). */
export async function startHelloWorld() {
  const port = await freePort();
  const proc = startProcess('hello-world', 'bench/hello-world-server.mjs', { PORT: String(port) });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(proc, `${baseUrl}/`);
  return { ...proc, baseUrl };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuTimeMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return null;
  }
}
