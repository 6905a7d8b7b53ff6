import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { waitFor } from '@portal/testing';
import type { Env } from './test-apps';

const ROOT = resolve(__dirname, '../..');

/**
 * A gateway as its own OS process, from the compiled code (built first if the sources changed), so
 * a test can kill it the way a crash would: no shutdown hooks, no goodbyes.
 */
export async function startGatewayProcess(env: Env, port: number): Promise<{ url: string; alive: () => boolean; kill: () => Promise<void> }> {
  execFileSync(process.execPath, ['--input-type=module', '-e', "import('./scripts/lib/setup.mjs').then((setup) => setup.ensureApiBuilt())"], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'dist/apps/gateway/src/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(() => fetch(`${url}/api/health/live`).then((response) => response.ok, () => false), 30_000, 100);
  return {
    url,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
