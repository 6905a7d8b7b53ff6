#!/usr/bin/env node
// `npm run bench:progress`: sustained watch-progress writes (POST /api/progress) through the gateway,
// against a plain fastify hello-world measured with the same client, connections and duration.
// Starts catalogue (the test fixture's 290 titles), auth, community and gateway from dist/ as separate
// processes (like `npm start`) on a scratch PostgreSQL database and Redis key prefix, removed at the end.
// BENCH_USERS viewers (one keep-alive connection each, a session token signed with the run's secret)
// each send one position after another to their own episode, a new position as soon as the previous
// one is acknowledged, for BENCH_DURATION seconds after BENCH_WARMUP seconds of warm-up. Then every
// viewer's stored position is compared with the last one they sent: a difference is a lost write.
// Reported: writes/s, latency p50/p95/p99 (ms, at that concurrency), CPU per write of each process,
// and the ratio to the hello-world's req/s. Environment: BENCH_USERS (100), BENCH_DURATION (15 s),
// BENCH_WARMUP (3 s), BENCH_POSTGRES_URL, REDIS_URL, PROGRESS_BATCH_WINDOW_MS (2). Writes
// artifacts/bench/progress.json; exits 1 when a write is lost or failed, or under TARGET writes/s.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { runBench } from './lib/cleanup.mjs';
import { drive, sessionToken, withCpu } from './lib/drive.mjs';
import { createScratch, sql } from './lib/scratch.mjs';
import { ensureApiBuilt, portalEnv, ROOT, startHelloWorld, startService } from './lib/services.mjs';
import { machine, printTable, round, saveArtifact, warnIfBusy } from './lib/stats.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TARGET = 2000;
// Titles of the fixture with their episode counts: each viewer watches one episode of one of them.
const TITLES = [
  { id: 1535, episodes: 37 },
  { id: 16498, episodes: 25 },
  { id: 20, episodes: 220 },
  { id: 5114, episodes: 64 },
];

runBench(async () => {
  const loadAtStart = warnIfBusy();
  ensureApiBuilt();
  const scratch = await createScratch('progress');
  const env = {
    ...portalEnv(scratch),
    // The test fixture is enough titles for progress writes and imports in a second.
    CATALOGUE_DATA_DIR: join(ROOT, 'test/fixtures/catalogue'),
    PROGRESS_BATCH_WINDOW_MS: process.env.PROGRESS_BATCH_WINDOW_MS ?? '2',
  };
  const services = {};
  for (const app of ['catalogue', 'auth', 'community', 'gateway']) services[app] = await startService(app, env);
  const hello = await startHelloWorld();

  const users = Array.from({ length: USERS }, (_, index) => {
    const id = randomUUID();
    const title = TITLES[index % TITLES.length];
    return {
      id,
      token: sessionToken(env.JWT_SECRET, id, `bench_${index}`),
      animeId: title.id,
      episode: 1 + (index % title.episodes),
      sent: 0,
      acknowledged: null,
    };
  });
  const post = (user) => {
    user.sent += 1;
    return {
      method: 'POST',
      path: '/api/progress',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ animeId: user.animeId, episode: user.episode, position: user.sent * 0.25, duration: 1440 }),
    };
  };

  console.log(`[bench] hello-world GET /: ${USERS} connections, ${DURATION} s…`);
  const baseline = await withCpu([hello], () =>
    drive({ baseUrl: hello.baseUrl, clients: USERS, seconds: DURATION, warmup: WARMUP, next: () => ({ method: 'GET', path: '/' }) }),
  );
  console.log(`[bench] POST /api/progress: ${USERS} viewers, ${DURATION} s…`);
  const writes = await withCpu([services.gateway, services.community], () =>
    drive({
      baseUrl: services.gateway.baseUrl,
      clients: USERS,
      seconds: DURATION,
      warmup: WARMUP,
      next: (client) => post(users[client]),
      onAnswer: (client, call, result) => {
        if (result.status === 200) users[client].acknowledged = JSON.parse(call.body).position;
      },
    }),
  );

  // Every viewer's stored position against the last one they sent (all were awaited).
  const stored = new Map(
    (await sql(scratch.databaseUrl, 'SELECT user_id::text AS user_id, position FROM community.progress')).map((row) => [row.user_id, row.position]),
  );
  const lost = users.filter((user) => stored.get(user.id) !== user.sent * 0.25).length;
  const unacknowledgedLast = users.filter((user) => user.acknowledged !== user.sent * 0.25).length;
  const [{ updates, hotUpdates }] = await sql(
    scratch.databaseUrl,
    `SELECT n_tup_upd AS updates, n_tup_hot_upd AS "hotUpdates" FROM pg_stat_user_tables WHERE schemaname = 'community' AND relname = 'progress'`,
  );

  const ratio = writes.requestsPerSecond / baseline.requestsPerSecond;
  console.log(`\n${USERS} connections, ${DURATION} s after ${WARMUP} s warm-up, one request at a time per connection`);
  printTable(
    ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'failed', 'CPU ms/request'],
    [baseline, writes].map((run, index) => [
      index === 0 ? 'hello-world GET /' : 'POST /api/progress (gateway → community → PostgreSQL)',
      Math.round(run.requestsPerSecond),
      round(run.latencyMs.p50),
      round(run.latencyMs.p95),
      round(run.latencyMs.p99),
      run.failed,
      Object.entries(run.cpuMsPerRequest)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', '),
    ]),
  );
  const met = writes.requestsPerSecond >= TARGET;
  console.log(
    `\nwrites/s ${Math.round(writes.requestsPerSecond)} (target ${TARGET}: ${met ? 'met' : 'MISSED'}), ${round(ratio * 100, 1)}% of the hello-world; ` +
      `viewers ${USERS}, lost ${lost}, last write not acknowledged ${unacknowledgedLast}, failed ${writes.failed}; ` +
      `row updates ${updates} (HOT ${hotUpdates}; each batch updates a key once)`,
  );
  const file = saveArtifact('progress', {
    machine: { ...machine(), loadAverage1mAtStart: loadAtStart },
    users: USERS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    batchWindowMs: Number(env.PROGRESS_BATCH_WINDOW_MS),
    baseline,
    writes,
    shareOfHelloWorld: ratio,
    lost,
    unacknowledgedLast,
    rowUpdates: Number(updates),
    hotUpdates: Number(hotUpdates),
    target: TARGET,
  });
  console.log(`[bench] wrote ${file}`);
  if (lost > 0 || writes.failed > 0 || !met) process.exitCode = 1;
});
