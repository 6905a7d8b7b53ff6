import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { freePort, provisionRedis, ProvisionError, redisReachable } = require('./provision.cjs');

// Nothing listens on a port freePort just handed out, so it stands for "no local Redis".
const noLocalRedis = async () => `redis://127.0.0.1:${await freePort()}`;

test('without REDIS_URL or a local server, a redis-server from PATH is started and stopped', async (t) => {
  const saved = process.env.REDIS_URL;
  delete process.env.REDIS_URL;
  t.after(() => saved !== undefined && (process.env.REDIS_URL = saved));
  const redis = await provisionRedis({ localUrl: await noLocalRedis() });
  assert.equal(redis.kind, 'started');
  assert.equal(await redisReachable(redis.url), true);
  await redis.stop();
  for (let i = 0; i < 50 && (await redisReachable(redis.url)); i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await redisReachable(redis.url), false);
});

test('with no Redis anywhere, it fails with one line saying how to get one', async (t) => {
  const saved = process.env.REDIS_URL;
  delete process.env.REDIS_URL;
  t.after(() => saved !== undefined && (process.env.REDIS_URL = saved));
  await assert.rejects(provisionRedis({ localUrl: await noLocalRedis(), searchPath: '/nonexistent' }), (error) => {
    assert.ok(error instanceof ProvisionError);
    assert.doesNotMatch(error.message, /\n/);
    assert.match(error.message, /REDIS_URL.*redis-server/);
    return true;
  });
});
