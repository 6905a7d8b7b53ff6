// Finds or starts the PostgreSQL and Redis that `npm start` and `npm test` need.
'use strict';
const { spawn, execFileSync } = require('node:child_process');
const net = require('node:net');
const { EmbeddedPostgresError, postgresReachable, startEmbeddedPostgres } = require('./embedded-postgres.cjs');

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

/**
 * DATABASE_URL when set; otherwise (for tests) the machine's local server; otherwise the embedded
 * PostgreSQL server with its data in `dataDir` (scripts/lib/embedded-postgres.cjs).
 */
async function provisionDatabase({ dataDir, preferLocalServer }) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, kind: 'external', stop: noop };
  if (preferLocalServer && (await postgresReachable(LOCAL_POSTGRES))) {
    return { url: LOCAL_POSTGRES, kind: 'local', stop: noop };
  }
  try {
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    return { url: server.url, kind: 'embedded', stop: server.stop };
  } catch (error) {
    if (error instanceof EmbeddedPostgresError) throw new ProvisionError(error.message);
    throw error;
  }
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
  ProvisionError,
  freePort,
  LOCAL_POSTGRES,
  LOCAL_REDIS,
  postgresReachable,
  provisionDatabase,
  redisReachable,
  provisionRedis,
};
