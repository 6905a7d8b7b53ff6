import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { waitFor } from '@portal/testing';
import { freePort } from './free-port';

/**
 * Servers of a chaos test's own, which it may kill and start again: the machine's shared Redis and
 * PostgreSQL serve other test runs and are never restarted.
 */

const cleanups = new Set<() => void>();
// An interrupted run must not leave a server behind.
process.once('exit', () => {
  for (const cleanup of cleanups) cleanup();
});

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILL: no save, no goodbye (it keeps nothing on disk either way). */
  kill: () => Promise<void>;
  /** Starts it again on the same port, empty; resolves once it answers PING. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Why no private Redis can run here, or null when one can. */
export function privateRedisUnavailable(): string | null {
  const found = (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, 'redis-server')));
  return found ? null : 'no redis-server on PATH (apt-get install redis-server; .ci/run installs it)';
}

/** A redis-server from PATH on a free port, with no persistence: a restart comes back empty. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  const onExit = () => child?.kill('SIGKILL');
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
      stdio: 'ignore',
    });
    cleanups.add(onExit);
    await waitFor(
      async () => {
        const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } finally {
          probe.disconnect();
        }
      },
      10_000,
      20,
    );
  };
  await start();
  return { url, port, kill, start, stop: async () => (await kill(), void cleanups.delete(onExit)) };
}

export interface PrivatePostgres {
  /** A superuser's URL of its `postgres` database (what createScratchDatabase takes as adminUrl). */
  adminUrl: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every backend is killed at once, as in a crash (committed work is in the WAL). */
  crash: () => void;
  /** Starts it again on the same port (crash recovery replays the WAL); resolves once it accepts connections. */
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  stop: () => void;
}

/** Why no private PostgreSQL can run here, or null when one can. */
export function privatePostgresUnavailable(): string | null {
  if (!binDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl)';
  if (process.getuid?.() === 0 && !postgresUser()) return 'running as root and there is no `postgres` OS user to run the server as';
  return null;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')) && existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL cluster of the test's own in a temporary folder, on a free port (the Debian server
 * binaries; as root they run as the `postgres` OS user, which PostgreSQL requires). fsync is off: a
 * crash of the server process (not of the machine) loses nothing committed either way.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error(privatePostgresUnavailable() ?? 'no PostgreSQL');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : null;
  const dir = mkdtempSync(join(tmpdir(), 'portal-chaos-pg-'));
  chmodSync(dir, 0o755);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const commandArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    return execFileSync(command, commandArgs, { cwd: dir, stdio: 'pipe', timeout: 90_000 }).toString();
  };
  const crash = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // not running
    }
  };
  const remove = () => {
    crash();
    rmSync(dir, { recursive: true, force: true });
  };
  cleanups.add(remove);
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c max_connections=200', '-c shared_buffers=32MB'].join(' ');
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    await waitFor(
      async () => {
        const client = new Client({ connectionString: adminUrl });
        await client.connect();
        await client.end();
        return true;
      },
      30_000,
      50,
    );
  };
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    await start();
  } catch (error) {
    remove();
    cleanups.delete(remove);
    throw error;
  }
  return {
    adminUrl,
    port,
    crash,
    start,
    stop: () => {
      remove();
      cleanups.delete(remove);
    },
  };
}
