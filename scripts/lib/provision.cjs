// Finds or starts the PostgreSQL and Redis that `npm start` and `npm test` need.
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const { mkdirSync } = require('node:fs');
const net = require('node:net');

class ProvisionError extends Error {}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const noop = async () => {};
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

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

/**
 * DATABASE_URL when set; otherwise (for tests) the machine's local server; otherwise an embedded
 * PGlite served over the Postgres wire protocol, persisted in dataDir ('memory://' keeps nothing).
 */
/**
 * pglite-socket 0.2.17 queues every protocol message on its own, so the Parse/Bind/Execute/Sync of
 * two connections interleave on PGlite's one session ("unnamed prepared statement does not exist",
 * electric-sql/pglite#1046), and a failed message stops its queue for good. This keeps one
 * connection's extended-protocol sequence together (after Parse, Bind, Describe, Execute, Close or
 * Flush only that connection is served until its Sync), keeps a transaction's connection exclusive
 * as the library does, and goes on after a failure.
 */
const EXTENDED_PROTOCOL = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)));

function keepProtocolSequencesTogether(queue) {
  let pinned = null;
  queue.processQueue = async function processQueue() {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = pinned ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = owner == null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        if (index === -1) break; // the owner's next message arrives later and restarts the queue
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          pinned = null;
          item.reject(error);
          continue;
        }
        pinned = EXTENDED_PROTOCOL.has(item.message[0]) ? item.handlerId : null;
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    if (pinned === handlerId) pinned = null;
    clearQueueForHandler(handlerId);
    void queue.processQueue();
  };
}

async function provisionDatabase({ dataDir, preferLocalServer }) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, kind: 'external', stop: noop };
  if (preferLocalServer && (await postgresReachable(LOCAL_POSTGRES))) {
    return { url: LOCAL_POSTGRES, kind: 'local', stop: noop };
  }
  const { PGlite } = require('@electric-sql/pglite');
  const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');
  const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 100 });
  keepProtocolSequencesTogether(server.queryQueue);
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    kind: 'pglite',
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

async function redisReachable(url) {
  const Redis = require('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function which(binary, searchPath) {
  try {
    return execFileSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8', env: { ...process.env, PATH: searchPath } }).trim() || null;
  } catch {
    return null;
  }
}

/** REDIS_URL when set; else 127.0.0.1:6379 when it answers; else a redis-server started from PATH. */
async function provisionRedis({ localUrl = LOCAL_REDIS, searchPath = process.env.PATH } = {}) {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, kind: 'external', stop: noop };
  if (await redisReachable(localUrl)) return { url: localUrl, kind: 'local', stop: noop };
  const binary = which('redis-server', searchPath);
  if (!binary) {
    throw new ProvisionError(
      'Redis is required: set REDIS_URL, run Redis on 127.0.0.1:6379, or install redis-server (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis).',
    );
  }
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50 && !(await redisReachable(url)); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!(await redisReachable(url))) throw new ProvisionError(`redis-server at ${binary} did not start`);
  return {
    url,
    kind: 'started',
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}

module.exports = {
  keepProtocolSequencesTogether,
  ProvisionError,
  freePort,
  LOCAL_POSTGRES,
  LOCAL_REDIS,
  postgresReachable,
  provisionDatabase,
  redisReachable,
  provisionRedis,
};
