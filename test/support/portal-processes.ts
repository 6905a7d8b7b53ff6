import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { type AppName, SERVICE_NAMES, type ServiceName } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';
import { freePort } from './free-port';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import type { Env } from './test-apps';

const ROOT = resolve(__dirname, '../..');
/** The catalogue's small dataset slice (test/fixtures/catalogue), imported at boot by whichever replica takes the import lock. */
const CATALOGUE_FIXTURE = resolve(__dirname, '../fixtures/catalogue');
const READY_TIMEOUT_MS = 180_000;
const TAIL_LINES = 60;

/** One `message handled` line of a service (libs/platform/src/rpc-context.interceptor.ts). */
export interface HandledMessage {
  handler: string;
  outcome: string;
  requestId?: string;
  time: number;
}

/** How many messages `handler` (`Controller.method`) has handled in this process so far. */
export const handledBy = (replica: PortalProcess, handler: string) => replica.handled.filter((line) => line.handler === handler).length;

export interface PortalProcess {
  /** `community#2`, `gateway#1`. */
  readonly name: string;
  readonly app: AppName;
  readonly replica: number;
  readonly pid: number;
  /** The gateway's public URL, or a service's probe server. */
  readonly url: string;
  /** How the process names itself as a consumer of its request stream (`host:pid:…`). */
  readonly consumerPrefix: string;
  /** Every `message handled` line it has written so far. */
  readonly handled: HandledMessage[];
  /** HTTP requests a gateway answered (its `request` log lines). */
  readonly requests: number;
  /** The last lines of its stdout and stderr, for a failure's message. */
  tail(): string;
  alive(): boolean;
  /** Sends the signal and resolves once the process has exited (SIGTERM falls back to SIGKILL after 15 s). */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface PortalCluster {
  db: ScratchDatabase;
  /** The environment every process got (database, key prefix, secret, relaxed limits). */
  env: Env;
  keyPrefix: string;
  gateways: PortalProcess[];
  replicas: (service: ServiceName) => PortalProcess[];
  all: PortalProcess[];
  /** Kills whatever still runs, drops the scratch database, removes the scratch folders. */
  stop: () => Promise<void>;
}

export interface PortalOptions {
  /** Names the Redis key prefix. */
  name: string;
  /** Replicas of each service (default 2). */
  replicas?: number;
  /** Replicas of particular services, over `replicas`. */
  replicasOf?: Partial<Record<ServiceName, number>>;
  /** Gateways (default 2). */
  gateways?: number;
  /** The Redis of the processes (default the run's REDIS_URL): a chaos test's private server. */
  redisUrl?: string;
  /** The PostgreSQL server the scratch database is made on (default the run's): a chaos test's private server. */
  adminDatabaseUrl?: string;
  env?: Env;
}

const running = new Set<ChildProcess>();
// A crashed or interrupted test run must not leave a portal behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Builds dist/ when the sources are newer (the processes run the compiled code, as `npm start` does). */
export function ensureApiBuilt() {
  execFileSync(process.execPath, ['--input-type=module', '-e', "import('./scripts/lib/setup.mjs').then((setup) => setup.ensureApiBuilt())"], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/**
 * The whole portal as separate OS processes from dist/, as `npm start` runs it but with N replicas of
 * every service and M gateways, on one scratch database and one Redis key prefix. Every replica
 * migrates at boot (MIGRATE_ON_BOOT, serialised per schema by an advisory lock) and the catalogue
 * replicas import the fixture when the catalogue is empty (serialised by the import lock), so all
 * replicas of a service are started at once, as an orchestrator would. Logs at `info`: each process's
 * `message handled` lines tell which replica ran what.
 */
export async function startPortalProcesses(options: PortalOptions): Promise<PortalCluster> {
  ensureApiBuilt();
  const replicas = options.replicas ?? 2;
  const gatewayCount = options.gateways ?? 2;
  const db = await createScratchDatabase({ adminUrl: options.adminDatabaseUrl });
  const scratch = mkdtempSync(join(tmpdir(), 'portal-processes-'));
  const { REDIS_KEY_PREFIX: keyPrefix } = ownRedisPrefix(options.name);
  const env: Env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug', // the `message handled` and `request` lines of every call
    DATABASE_URL: db.url,
    REDIS_URL: options.redisUrl ?? process.env.REDIS_URL,
    REDIS_KEY_PREFIX: keyPrefix,
    JWT_SECRET: process.env.JWT_SECRET,
    MIGRATE_ON_BOOT: 'true',
    // 12+ pools on one server (max_connections 100, shared with the rest of the run).
    DB_POOL_SIZE: '4',
    CATALOGUE_DATA_DIR: CATALOGUE_FIXTURE,
    CATALOGUE_IMPORT_ON_EMPTY: 'true',
    MEDIA_DIR: join(scratch, 'media'),
    MEDIA_LINK_ON_BOOT: 'false',
    UPLOADS_DIR: join(scratch, 'uploads'),
    // Nothing leaves the machine: no metadata sync reaches the real Shikimori.
    SHIKIMORI_URL: 'http://127.0.0.1:9',
    ...RELAXED_AUTH_LIMITS,
    ...RELAXED_GATEWAY_LIMITS,
    COMMENT_RATE_SECONDS: '1',
    COMMENT_DAILY_LIMIT: '100000',
    CHAT_RATE_LIMIT_MESSAGES: '100000',
    ...options.env,
  };
  const all: PortalProcess[] = [];
  const stop = async () => {
    await Promise.all(all.map((child) => child.kill('SIGKILL')));
    await db.drop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const services = SERVICE_NAMES.flatMap((service) =>
      Array.from({ length: options.replicasOf?.[service] ?? replicas }, (_, index) => ({ app: service as AppName, replica: index + 1 })),
    );
    all.push(...(await Promise.all(services.map(async ({ app, replica }) => launch(app, replica, env, await freePort())))));
    await Promise.all(all.map((child) => ready(child, `${child.url}/health/ready`)));
    const gateways = await Promise.all(Array.from({ length: gatewayCount }, async (_, index) => launch('gateway', index + 1, env, await freePort())));
    all.push(...gateways);
    await Promise.all(gateways.map((gateway) => ready(gateway, `${gateway.url}/api/health/live`)));
    // Every service answers through every gateway before the tests begin.
    await Promise.all(gateways.map((gateway) => ready(gateway, `${gateway.url}/api/health`)));
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    db,
    env,
    keyPrefix,
    gateways: all.filter((child) => child.app === 'gateway'),
    replicas: (service) => all.filter((child) => child.app === service),
    all,
    stop,
  };
}

async function ready(child: PortalProcess, url: string) {
  try {
    await waitFor(
      async () => {
        if (!child.alive()) throw new Error('exited');
        return (await fetch(url)).ok;
      },
      READY_TIMEOUT_MS,
      250,
    );
  } catch {
    throw new Error(`${child.name} did not become ready at ${url}${child.alive() ? '' : ' (it exited)'}; its last lines:\n${child.tail()}`);
  }
  if (!child.alive()) throw new Error(`${child.name} exited during boot; its last lines:\n${child.tail()}`);
}

function launch(app: AppName, replica: number, env: Env, port: number): PortalProcess {
  const portEnv = app === 'gateway' ? { PORT: String(port), HOST: '127.0.0.1' } : { HEALTH_PORT: String(port) };
  const child = spawn(process.execPath, [join(ROOT, `dist/apps/${app}/src/main.js`)], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...portEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => running.delete(child));
  const handled: HandledMessage[] = [];
  const lastLines: string[] = [];
  let requests = 0;
  const keep = (line: string) => {
    lastLines.push(line);
    if (lastLines.length > TAIL_LINES) lastLines.shift();
  };
  readLines(child.stdout!, (line) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      keep(line);
      return;
    }
    if (entry.msg === 'message handled') {
      handled.push({
        handler: String(entry.handler),
        outcome: String(entry.outcome),
        requestId: entry.requestId as string | undefined,
        time: Number(entry.time),
      });
    } else if (entry.msg === 'request') {
      requests += 1;
    } else {
      keep(line);
    }
  });
  readLines(child.stderr!, keep);
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    name: `${app}#${replica}`,
    app,
    replica,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    consumerPrefix: `${hostname()}:${child.pid}:`,
    handled,
    get requests() {
      return requests;
    },
    tail: () => lastLines.join('\n'),
    alive,
    kill: async (signal: NodeJS.Signals = 'SIGKILL') => {
      if (!alive()) return;
      child.kill(signal);
      const fallback = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(fallback);
    },
  };
}

function readLines(stream: Readable, onLine: (line: string) => void) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}
