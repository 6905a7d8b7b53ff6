// The portal exactly as `npm start` runs it (scripts/start.mjs: every service, its log relay, start's
// defaults), on free ports and its own Redis key prefix, stopped with Ctrl-C when the bench ends.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { atExit } from './cleanup.mjs';
import { freePort, ROOT } from './services.mjs';

const APPS = ['auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation'];

/**
 * `env` adds to (or overrides) what start.mjs gets: e.g. PORTAL_DATA_DIR, DATABASE_URL, a raised
 * RATE_LIMIT_GLOBAL_PER_MINUTE. Resolves with the base URL, the start script's process and each
 * service's probe port (its /metrics) once «Portal ready» is printed.
 */
export async function startNpmStartPortal({ env: extra = {}, keyPrefix, label = 'portal' }) {
  const env = { ...process.env, PORT: String(await freePort()), REDIS_KEY_PREFIX: keyPrefix, ...extra };
  for (const app of APPS) env[`${app.toUpperCase()}_HEALTH_PORT`] = String(await freePort());
  delete env.PORTAL_URL;
  if (!('DATABASE_URL' in extra)) delete env.DATABASE_URL; // the embedded PostgreSQL, as on a fresh clone
  console.log(`[bench] starting the ${label} as npm start does on port ${env.PORT}…`);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  atExit(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT'); // Ctrl-C: the portal stops its services, Redis and the database itself
    const timer = setTimeout(() => child.kill('SIGKILL'), 30000);
    await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
  });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the portal was not ready within 10 minutes:\n${output.slice(-3000)}`)), 600000);
    const onData = (chunk) => {
      output += chunk;
      if (/Portal ready: http:\/\/localhost:\d+/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited early with ${code}:\n${output.slice(-3000)}`));
    });
  });
  // Keep draining its output (what a terminal does), so a full pipe never stalls the portal.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  const healthPorts = Object.fromEntries(APPS.map((app) => [app, Number(env[`${app.toUpperCase()}_HEALTH_PORT`])]));
  return { baseUrl: `http://localhost:${env.PORT}`, child, healthPorts };
}

/** The pid of the service `app` that the start script runs (a direct child running dist/apps/<app>). */
export function servicePid(startPid, app) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1];
      if (Number(parent) !== startPid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`dist/apps/${app}/src/main.js`)) return Number(entry);
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error(`no ${app} process under the start script ${startPid}`);
}
