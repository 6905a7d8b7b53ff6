#!/usr/bin/env node
// `npm run bench:transport`: the cost of one request/response call on the portal's streams transport
// (#15: competing consumers over Redis Streams) against Nest's stock Redis pub/sub transport it
// replaced, in the same run, interleaved over BENCH_ROUNDS rounds. Each round and transport: an echo
// service in its own process (bench/transport-service.mjs, ~1 KB answer), the typed RpcClient here.
//   sequential: BENCH_SEQUENTIAL calls one at a time → p50/p99 latency of a call;
//   concurrent: BENCH_CALLS calls, BENCH_CONCURRENCY in flight → calls/s, and CPU time per call of the
//   caller, the service and the Redis server (INFO cpu), so the work moved into Redis is counted too.
// Reported: medians over rounds and the streams/pubsub ratios. Writes artifacts/bench/transport.json.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Redis from 'ioredis';
import { runBench } from './lib/cleanup.mjs';
import { cpuTimeMs, distRequire, ensureApiBuilt, ROOT } from './lib/services.mjs';
import { machine, printTable, round, saveArtifact, summarize, warnIfBusy } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 3000);
const CALLS = Number(process.env.BENCH_CALLS ?? 20000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TIMEOUT_MS = 5000;
const TRANSPORTS = ['pubsub', 'streams'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function redisCpuMs(redis) {
  const info = await redis.info('cpu');
  const field = (name) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)[1]);
  return (field('used_cpu_sys') + field('used_cpu_user')) * 1000;
}

function startEchoService(transport, keyPrefix, pattern) {
  const child = spawn(process.execPath, [join(ROOT, 'bench/transport-service.mjs')], {
    env: { ...process.env, TRANSPORT: transport, REDIS_URL, KEY_PREFIX: keyPrefix, PATTERN: pattern },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${transport} echo service exited with ${code}`)));
    child.stdout.once('data', () => resolve(child));
  });
}

function makeClient(transport, keyPrefix) {
  const { RedisStreamsClient } = distRequire('libs/messaging/src/index.js');
  if (transport === 'streams') {
    return new RedisStreamsClient({ url: REDIS_URL, keyPrefix, requestTimeoutMs: TIMEOUT_MS, kindOf: () => 'read' });
  }
  const { ClientRedis } = require('@nestjs/microservices');
  const url = new URL(REDIS_URL);
  return new ClientRedis({ host: url.hostname, port: Number(url.port || 6379) });
}

async function measure(transport, redis) {
  const { RpcClient } = distRequire('libs/messaging/src/index.js');
  const keyPrefix = `bench-transport-${randomBytes(4).toString('hex')}:`;
  // The stock transport's channels are the bare pattern: a fresh one keeps runs apart.
  const pattern = `bench${randomBytes(4).toString('hex')}.echo`;
  const service = await startEchoService(transport, keyPrefix, pattern);
  const proxy = makeClient(transport, keyPrefix);
  await proxy.connect();
  const rpc = new RpcClient(proxy, TIMEOUT_MS);
  const meta = { requestId: `bench-${transport}` };
  const call = async (n) => {
    const answer = await rpc.send(pattern, { n }, meta);
    if (answer.n !== n) throw new Error(`answer ${answer.n} to call ${n}`);
  };
  try {
    for (let n = 0; n < 500; n++) await call(n);
    const samples = [];
    for (let n = 0; n < SEQUENTIAL; n++) {
      const started = process.hrtime.bigint();
      await call(n);
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const sequential = summarize(samples);

    const before = { caller: process.cpuUsage(), service: cpuTimeMs(service.pid), redis: await redisCpuMs(redis) };
    const started = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < CALLS) await call(next++);
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const callerUsage = process.cpuUsage(before.caller);
    const perCall = {
      caller: (callerUsage.user + callerUsage.system) / 1000 / CALLS,
      service: (cpuTimeMs(service.pid) - before.service) / CALLS,
      redis: ((await redisCpuMs(redis)) - before.redis) / CALLS,
    };
    return { sequential, callsPerSecond: CALLS / seconds, cpuMsPerCall: { ...perCall, total: perCall.caller + perCall.service + perCall.redis } };
  } finally {
    await proxy.close();
    service.kill('SIGKILL');
    await redis.eval("for _, key in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', key) end", 0, `${keyPrefix}*`);
  }
}

runBench(async () => {
  ensureApiBuilt();
  const loadBefore = warnIfBusy();
  const redis = new Redis(REDIS_URL);
  const rounds = [];
  try {
    for (let index = 0; index < ROUNDS; index++) {
      const round_ = {};
      for (const transport of TRANSPORTS) round_[transport] = await measure(transport, redis);
      rounds.push(round_);
      console.log(`[bench] round ${index + 1}/${ROUNDS} done`);
    }
  } finally {
    redis.disconnect();
  }
  const pick = (transport, read) => median(rounds.map((entry) => read(entry[transport])));
  const figures = Object.fromEntries(
    TRANSPORTS.map((transport) => [
      transport,
      {
        p50Ms: pick(transport, (m) => m.sequential.p50),
        p99Ms: pick(transport, (m) => m.sequential.p99),
        callsPerSecond: pick(transport, (m) => m.callsPerSecond),
        cpuMsPerCall: Object.fromEntries(['caller', 'service', 'redis', 'total'].map((part) => [part, pick(transport, (m) => m.cpuMsPerCall[part])])),
      },
    ]),
  );
  const ratio = (read) => read(figures.streams) / read(figures.pubsub);
  const ratios = {
    p50: ratio((f) => f.p50Ms),
    p99: ratio((f) => f.p99Ms),
    callsPerSecond: ratio((f) => f.callsPerSecond),
    cpuPerCall: ratio((f) => f.cpuMsPerCall.total),
  };
  printTable(
    ['transport', 'p50 ms', 'p99 ms', 'calls/s', 'CPU ms/call caller', 'service', 'redis', 'total'],
    TRANSPORTS.map((transport) => {
      const f = figures[transport];
      return [
        transport,
        round(f.p50Ms, 3),
        round(f.p99Ms, 3),
        Math.round(f.callsPerSecond),
        round(f.cpuMsPerCall.caller, 4),
        round(f.cpuMsPerCall.service, 4),
        round(f.cpuMsPerCall.redis, 4),
        round(f.cpuMsPerCall.total, 4),
      ];
    }),
  );
  console.log(
    `streams / pubsub: p50 ×${round(ratios.p50)}, p99 ×${round(ratios.p99)}, calls/s ×${round(ratios.callsPerSecond)}, CPU per call ×${round(ratios.cpuPerCall)}`,
  );
  const file = saveArtifact('transport', { machine: machine(), loadBefore, settings: { ROUNDS, SEQUENTIAL, CALLS, CONCURRENCY }, figures, ratios, rounds });
  console.log(`[bench] wrote ${file}`);
});
