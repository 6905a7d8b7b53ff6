import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { freePort, keepProtocolSequencesTogether, provisionRedis, ProvisionError, redisReachable } = require('./provision.cjs');

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

/** A stand-in for pglite-socket's query queue: records the order PGlite would run messages in. */
function fakeQueue({ failing = new Set() } = {}) {
  const ran = [];
  const queue = {
    queue: [],
    processing: false,
    lastHandlerId: null,
    db: {
      isInTransaction: () => false,
      runExclusive: (work) => work(),
      execProtocolRawStream: async (message, { onRawData }) => {
        await new Promise((resolve) => setImmediate(resolve));
        const label = `${message.handler}:${String.fromCharCode(message[0])}`;
        if (failing.has(label)) throw new Error(`failed ${label}`);
        ran.push(label);
        onRawData(new Uint8Array(1));
      },
    },
    clearQueueForHandler(handlerId) {
      this.queue = this.queue.filter((item) => item.handlerId !== handlerId);
    },
  };
  const send = (handler, type) =>
    new Promise((resolve, reject) => {
      const message = Object.assign(new Uint8Array([type.charCodeAt(0)]), { handler });
      queue.queue.push({ handlerId: handler, message, resolve, reject, onData: () => {} });
      void queue.processQueue();
    });
  return { queue, ran, send };
}

test("the embedded database runs one connection's Parse…Sync before another's", async () => {
  const { queue, ran, send } = fakeQueue();
  keepProtocolSequencesTogether(queue);
  // Two connections whose messages arrive interleaved, as pglite-socket queues them one by one.
  await Promise.all(['P', 'B', 'E', 'S'].flatMap((type) => [send('a', type), send('b', type)]));
  assert.deepEqual(ran, ['a:P', 'a:B', 'a:E', 'a:S', 'b:P', 'b:B', 'b:E', 'b:S']);
});

test('the embedded database goes on after a message fails', async () => {
  const { queue, ran, send } = fakeQueue({ failing: new Set(['a:B']) });
  keepProtocolSequencesTogether(queue);
  const results = await Promise.allSettled([send('a', 'P'), send('a', 'B'), send('b', 'Q')]);
  assert.deepEqual(results.map((result) => result.status), ['fulfilled', 'rejected', 'fulfilled']);
  assert.deepEqual(ran, ['a:P', 'b:Q']);
});
