// Runs every service as its own process, as in the cluster, and supervises them.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { ROOT } from './setup.mjs';

export const APPS = ['auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation', 'gateway'];
const RESTART_LIMIT = 5;

/** One readable line per pino log line: "[auth] warn  message". */
function relay(app, stream, out) {
  createInterface({ input: stream }).on('line', (line) => {
    try {
      const entry = JSON.parse(line);
      const level = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }[entry.level] ?? 'info';
      const extra = entry.err?.message ? ` (${entry.err.message})` : '';
      out.write(`[${app}] ${level.padEnd(5)} ${entry.msg}${extra}\n`);
    } catch {
      out.write(`[${app}] ${line}\n`);
    }
  });
}

export function startPortal(portalEnv) {
  const env = { ...process.env, ...portalEnv };
  const children = new Map();
  const restarts = new Map();
  let stopping = false;

  const launch = (app) => {
    const healthPort = env[`${app.toUpperCase()}_HEALTH_PORT`];
    const child = spawn(process.execPath, [join(ROOT, `dist/apps/${app}/src/main.js`)], {
      cwd: ROOT,
      env: { ...env, ...(healthPort && { HEALTH_PORT: healthPort }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(app, child);
    relay(app, child.stdout, process.stdout);
    relay(app, child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      children.delete(app);
      if (stopping) return;
      const count = (restarts.get(app) ?? 0) + 1;
      restarts.set(app, count);
      if (count > RESTART_LIMIT) {
        process.stderr.write(`[${app}] crashed ${count} times; not restarting (last exit: ${signal ?? code})\n`);
        return;
      }
      process.stderr.write(`[${app}] exited (${signal ?? code}); restarting in ${count} s\n`);
      setTimeout(() => !stopping && launch(app), count * 1000);
    });
  };

  // One at a time, in the order of APPS: a service may ask one started before it at boot, and the
  // gateway comes last, once every service answers.
  const ready = (async () => {
    for (const app of APPS) {
      launch(app);
      await waitForReady(app, env);
    }
  })();

  return {
    ready,
    async stop() {
      stopping = true;
      const exits = [...children.entries()].map(
        ([app, child]) =>
          new Promise((resolve) => {
            const timer = setTimeout(() => {
              process.stderr.write(`[${app}] did not stop within 10 s of SIGTERM; killed\n`);
              child.kill('SIGKILL');
            }, 10000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      );
      await Promise.all(exits);
    },
  };
}

// The services' default probe ports, from the contracts as built (npm start builds before it runs this).
const { DEFAULT_HEALTH_PORTS: HEALTH_PORTS } = createRequire(import.meta.url)(join(ROOT, 'dist/libs/contracts/src/platform/services.js'));

function readinessUrl(app, env) {
  if (app === 'gateway') return `http://127.0.0.1:${env.PORT}/api/health/live`;
  return `http://127.0.0.1:${env[`${app.toUpperCase()}_HEALTH_PORT`] ?? HEALTH_PORTS[app]}/health/ready`;
}

async function waitForReady(app, env, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(readinessUrl(app, env)).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${app} did not become ready within ${timeoutMs / 1000} s`);
}

export async function waitForHealth(baseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
      last = `status ${response.status}: ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`portal not healthy after ${timeoutMs / 1000} s (${last})`);
}
