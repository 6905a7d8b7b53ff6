#!/usr/bin/env node
// `npm run bench:replicas`: the whole portal's request paths with one and with two replicas of every
// service and of the gateway, in one run, so the scaling factor is measured rather than assumed.
// Each topology starts catalogue (the test fixture's 290 titles), auth, community and gateway from
// dist/ as separate processes (as `npm start` does), on one scratch PostgreSQL database and Redis key
// prefix (removed at the end), and is stopped before the next one starts. BENCH_CLIENTS keep-alive
// clients, spread over the gateways in turn, each send one request after another for BENCH_DURATION
// seconds after BENCH_WARMUP seconds of warm-up, cycling through three paths that every replica
// count must serve: a catalogue read the gateway does not cache (GET /api/anime/{id}/stats), a list
// change (PUT /api/users/anime/status) and a watch-progress save (POST /api/progress), each as a
// signed-in viewer of its own. A plain fastify hello-world, measured with the same client in the
// same run, is the baseline. Reported per topology and path: req/s, p50/p99, failures, CPU per
// request of each process kind; and the factor two replicas / one replica. BENCH_ROUNDS (1) repeats
// the pair of topologies, alternating their order, to show the noise. Writes artifacts/bench/replicas.json.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { runBench } from './lib/cleanup.mjs';
import { drive, sessionToken, withCpu } from './lib/drive.mjs';
import { createScratch } from './lib/scratch.mjs';
import { ensureApiBuilt, portalEnv, ROOT, startHelloWorld, startService } from './lib/services.mjs';
import { machine, printTable, round, saveArtifact, warnIfBusy } from './lib/stats.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SERVICES = ['catalogue', 'auth', 'community', 'gateway'];
const STATUSES = ['watching', 'planned', 'on_hold', 'dropped'];
// Titles of the fixture with their episode counts.
const TITLES = [
  { id: 1535, episodes: 37 },
  { id: 16498, episodes: 25 },
  { id: 20, episodes: 220 },
  { id: 5114, episodes: 64 },
];
const KINDS = ['catalogue read', 'list change', 'progress save'];

/** Starts `replicas` of every service (catalogue first: its first boot imports the fixture). */
async function startTopology(env, replicas) {
  const processes = [];
  for (const app of SERVICES) for (let replica = 0; replica < replicas; replica++) processes.push(await startService(app, env));
  return processes;
}

/** The next call of a viewer: the three paths in turn, so every client mixes them. */
function callOf(viewer) {
  const kind = KINDS[viewer.sent % KINDS.length];
  viewer.sent += 1;
  const headers = { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' };
  if (kind === 'catalogue read') return { kind, method: 'GET', path: `/api/anime/${viewer.title.id}/stats`, headers: { authorization: headers.authorization } };
  if (kind === 'list change') {
    const status = STATUSES[Math.floor(viewer.sent / KINDS.length) % STATUSES.length];
    return { kind, method: 'PUT', path: '/api/users/anime/status', headers, body: JSON.stringify({ animeId: viewer.title.id, status }) };
  }
  const body = { animeId: viewer.title.id, episode: viewer.episode, position: viewer.sent * 0.25, duration: 1440 };
  return { kind, method: 'POST', path: '/api/progress', headers, body: JSON.stringify(body) };
}

async function measureTopology(env, viewers, replicas) {
  console.log(`[bench] ${replicas} replica(s) of ${SERVICES.join(', ')}: starting…`);
  const processes = await startTopology(env, replicas);
  const gateways = processes.filter((proc) => proc.name === 'gateway').map((proc) => proc.baseUrl);
  console.log(`[bench] ${replicas} replica(s): ${CLIENTS} clients over ${gateways.length} gateway(s), ${DURATION} s…`);
  const run = await withCpu(processes, () =>
    drive({
      baseUrl: (client) => gateways[client % gateways.length],
      clients: CLIENTS,
      seconds: DURATION,
      warmup: WARMUP,
      next: (client) => callOf(viewers[client]),
    }),
  );
  for (const proc of processes) await proc.stop();
  return { replicas, ...run };
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  ensureApiBuilt();
  const scratch = await createScratch('replicas');
  const env = { ...portalEnv(scratch), CATALOGUE_DATA_DIR: join(ROOT, 'test/fixtures/catalogue') };
  const viewers = Array.from({ length: CLIENTS }, (_, index) => {
    const id = randomUUID();
    const title = TITLES[index % TITLES.length];
    return { token: sessionToken(env.JWT_SECRET, id, `bench_${index}`), title, episode: 1 + (index % title.episodes), sent: 0 };
  });

  const hello = await startHelloWorld();
  console.log(`[bench] hello-world GET /: ${CLIENTS} connections, ${DURATION} s…`);
  const baseline = await withCpu([hello], () =>
    drive({ baseUrl: hello.baseUrl, clients: CLIENTS, seconds: DURATION, warmup: WARMUP, next: () => ({ method: 'GET', path: '/' }) }),
  );
  await hello.stop();

  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const replicas of round % 2 === 0 ? [1, 2] : [2, 1]) runs.push(await measureTopology(env, viewers, replicas));
  }

  const describe = (run) => `${run.replicas} replica${run.replicas > 1 ? 's' : ''}`;
  console.log(`\n${CLIENTS} clients, ${DURATION} s after ${WARMUP} s warm-up, one request at a time per client; ${machine().cpus} cores`);
  printTable(
    ['topology', 'path', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
    [
      ['hello-world', 'GET /', Math.round(baseline.requestsPerSecond), round(baseline.latencyMs.p50), round(baseline.latencyMs.p99), baseline.failed],
      ...runs.flatMap((run) => [
        [describe(run), 'all', Math.round(run.requestsPerSecond), round(run.latencyMs.p50), round(run.latencyMs.p99), run.failed],
        ...KINDS.map((kind) => {
          const path = run.byKind[kind];
          return ['', kind, Math.round(path.requestsPerSecond), round(path.latencyMs.p50), round(path.latencyMs.p99), path.failed];
        }),
      ]),
    ],
  );
  printTable(
    ['topology', 'CPU ms per request'],
    runs.map((run) => [
      describe(run),
      Object.entries(run.cpuMsPerRequest)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', '),
    ]),
  );
  const mean = (replicas) => {
    const matching = runs.filter((run) => run.replicas === replicas);
    return matching.reduce((sum, run) => sum + run.requestsPerSecond, 0) / matching.length;
  };
  const factor = mean(2) / mean(1);
  console.log(
    `\nscaling factor (req/s with 2 replicas / with 1): ×${round(factor)}; 1 replica ${round((mean(1) / baseline.requestsPerSecond) * 100, 1)}% ` +
      `and 2 replicas ${round((mean(2) / baseline.requestsPerSecond) * 100, 1)}% of the hello-world`,
  );
  const file = saveArtifact('replicas', {
    machine: { ...machine(), loadAverage1mAtStart: loadAtStart },
    clients: CLIENTS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    baseline,
    runs,
    scalingFactor: factor,
  });
  console.log(`[bench] wrote ${file}`);
  if (runs.some((run) => run.failed > 0)) process.exitCode = 1;
});
