import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
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
  // Never left behind: a boot that fails, or a hook that times out, would leave it running (and
  // taking CPU) for the rest of the run and after it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let exited: Error | undefined;
  child.once('exit', (code, signal) => {
    process.removeListener('exit', killOnExit);
    exited = new Error(`the gateway process exited (${signal ?? code})`);
  });
  const url = `http://127.0.0.1:${port}`;
  // Up once it answers, failed once it exits. No deadline of its own: a loaded machine may take long
  // to boot it (past 30 s at a load of 20 on two cores), and the calling hook's timeout guards a hang.
  while (
    !(await fetch(`${url}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (exited) throw exited;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
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
