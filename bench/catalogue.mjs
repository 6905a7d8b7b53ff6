#!/usr/bin/env node
// `npm run bench:catalogue`: throughput and latency of public catalogue reads through the gateway,
// against a plain fastify hello-world, all driven by autocannon (in this process) with the same
// connections and duration. Starts catalogue, auth and gateway from dist/ as separate processes (like
// `npm start`) on a scratch database with the full dataset, and removes everything at the end.
// Targets, measured in BENCH_ROUNDS interleaved rounds (each round: hello-world, then the others):
//   GET / of the hello-world, and its GET /bytes/<n> answering a body as big as the cached list;
//   GET /api/anime/popular (cached after one warm-up request);
//   GET /api/anime/<most popular id> (cached likewise); GET /api/anime/<id> with a new id per request
//   (uncached: the ids are never repeated within a run, so each of its warm-ups and runs takes at most an
//   equal share of the catalogue's ids and may end before BENCH_DURATION); the cached list and title again with
//   `accept-encoding: br, gzip` as a browser sends (and the list with gzip alone): compressed answers.
// Reported: the median over rounds, each target's req/s as a share of the same round's hello-world, and
// the bytes and Content-Encoding of one answer of each target.
// Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s), BENCH_WARMUP (2 s, per target and round),
// BENCH_ROUNDS (3), BENCH_SEED, BENCH_POSTGRES_URL, REDIS_URL. BENCH_DEFAULTS=1: the portal as `npm start`
// runs it instead (scripts/start.mjs: every service, start's log level and its log relay, data under
// .data/bench-catalogue), on the same scratch database, with only the global rate limit raised (a load
// test from one address is what it refuses). Writes artifacts/bench/catalogue[-defaults].json;
// exits 1 when the cached list as a browser asks for it (accept-encoding: br, gzip) is under half the
// hello-world's throughput.
import http from 'node:http';
import autocannon from 'autocannon';
import { runBench } from './lib/cleanup.mjs';
import { load } from './lib/load.mjs';
import { createScratch, sql } from './lib/scratch.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startNpmStartPortal, servicePid } from './lib/npm-start.mjs';
import { cpuTimeMs, ensureApiBuilt, importCatalogue, portalEnv, ROOT, startHelloWorld, startService } from './lib/services.mjs';
import { machine, printTable, round, saveArtifact, sequentialClient, warnIfBusy } from './lib/stats.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEED = process.env.BENCH_SEED ?? 'bench-catalogue-1';
const TARGET_RATIO = 0.5;
const AS_NPM_START = process.env.BENCH_DEFAULTS === '1';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const BROWSER = { 'accept-encoding': 'br, gzip' };

/** load() of lib/load.mjs for a fixed path with request headers (what it does not take), X-Cache counted alike. */
function loadWithHeaders({ baseUrl, path, headers, connections, duration }) {
  const cache = {};
  const countCache = ({ headers: answer }) => {
    const at = answer.findIndex((name, index) => index % 2 === 0 && name.toLowerCase() === 'x-cache');
    if (at >= 0) cache[answer[at + 1]] = (cache[answer[at + 1]] ?? 0) + 1;
  };
  return new Promise((resolve, reject) => {
    autocannon({ url: `${baseUrl}${path}`, headers, connections, duration, setupClient: (client) => client.on('headers', countCache) }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: result.requests.average,
        requests: result.requests.total,
        latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.average },
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        cache,
      });
    });
  });
}
const run = (target, duration) => (target.headers ? loadWithHeaders : load)({ ...target, connections: CONNECTIONS, duration });

/** One answer as it travels (node:http does not decompress): its body bytes and Content-Encoding. */
function probe({ baseUrl, path, nextPath, headers = {} }) {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path ?? nextPath()}`, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** One timed autocannon run, plus the CPU each watched process (and this client) spent per request. */
async function measure(target) {
  const before = target.watched.map((proc) => cpuTimeMs(proc.child.pid));
  const clientBefore = process.cpuUsage();
  const result = await run(target, DURATION);
  const client = process.cpuUsage(clientBefore);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const cpuMsPerRequest = Object.fromEntries([
    ...target.watched.map((proc, i) => [proc.name, round((cpuTimeMs(proc.child.pid) - before[i]) / result.requests, 3)]),
    ['autocannon', round((client.user + client.system) / 1000 / result.requests, 3)],
  ]);
  return { ...result, cpuMsPerRequest };
}

/** catalogue, auth and gateway from dist/, quiet logs: the bench's own set-up. */
async function startThreeServices(env) {
  const services = {};
  for (const app of ['catalogue', 'auth', 'gateway']) services[app] = await startService(app, env);
  return { baseUrl: services.gateway.baseUrl, watched: [services.gateway, services.catalogue] };
}

/** Every service as `npm start` runs it, on the scratch database; CPU watched in gateway, catalogue and start's relay. */
async function startAsNpmStart(scratch) {
  const dataDir = join(ROOT, '.data', 'bench-catalogue');
  mkdirSync(dataDir, { recursive: true });
  const env = { DATABASE_URL: scratch.databaseUrl, REDIS_URL: scratch.redisUrl, RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000', PORTAL_DATA_DIR: dataDir };
  const portal = await startNpmStartPortal({ env, keyPrefix: scratch.keyPrefix });
  const watch = (app) => ({ name: app, child: { pid: servicePid(portal.child.pid, app) } });
  return { baseUrl: portal.baseUrl, watched: [watch('gateway'), watch('catalogue'), { name: 'start (log relay)', child: portal.child }] };
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  ensureApiBuilt();
  const scratch = await createScratch('catalogue');
  const env = portalEnv(scratch);
  console.log('[bench] importing the dataset into a scratch database…');
  const imported = await importCatalogue(env);
  console.log(`[bench] imported ${imported.inserted} titles in ${round(imported.importMs / 1000, 1)} s`);
  // The state autovacuum reaches after a while (it is off on some servers): statistics, merged GIN lists.
  await sql(scratch.databaseUrl, 'VACUUM (ANALYZE) catalogue.anime');
  const [{ id: popularId }] = await sql(scratch.databaseUrl, 'SELECT id FROM catalogue.anime WHERE NOT adult ORDER BY popularity DESC, id LIMIT 1');
  const ids = (
    await sql(scratch.databaseUrl, `SELECT id FROM catalogue.anime WHERE NOT adult AND id <> $2 ORDER BY md5($1 || ':' || id)`, [SEED, popularId])
  ).map((row) => row.id);
  let cursor = 0;
  const nextId = () => {
    if (cursor === ids.length) throw new Error('ran out of distinct ids: lower BENCH_DURATION or BENCH_ROUNDS');
    return ids[cursor++];
  };

  const gateway = AS_NPM_START ? await startAsNpmStart(scratch) : await startThreeServices(env);
  const hello = await startHelloWorld();
  // One warm-up request fills the gateway's cache for each cached target.
  const warm = async (path) => {
    const client = sequentialClient(gateway.baseUrl);
    const response = await client.get(path);
    client.close();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return Buffer.byteLength(response.body);
  };
  const listBytes = await warm('/api/anime/popular');
  await warm(`/api/anime/${popularId}`);
  const targets = [
    { name: 'hello-world GET /', baseUrl: hello.baseUrl, path: '/', watched: [hello] },
    { name: `hello-world GET /bytes/${listBytes} (body as big as the list)`, baseUrl: hello.baseUrl, path: `/bytes/${listBytes}`, watched: [hello] },
    { name: 'GET /api/anime/popular (cached)', ...gateway, path: '/api/anime/popular' },
    { name: `GET /api/anime/${popularId} (cached)`, ...gateway, path: `/api/anime/${popularId}` },
    // A warm-up and a run per round, each at most its share of the ids (autocannon may overshoot by one per connection).
    {
      name: 'GET /api/anime/<new id each> (uncached)',
      ...gateway,
      nextPath: () => `/api/anime/${nextId()}`,
      amount: Math.floor((ids.length - 1) / (2 * ROUNDS)) - CONNECTIONS,
    },
    { name: 'GET /api/anime/popular (cached), accept-encoding: br, gzip', ...gateway, path: '/api/anime/popular', headers: BROWSER },
    { name: 'GET /api/anime/popular (cached), accept-encoding: gzip', ...gateway, path: '/api/anime/popular', headers: { 'accept-encoding': 'gzip' } },
    { name: `GET /api/anime/${popularId} (cached), accept-encoding: br, gzip`, ...gateway, path: `/api/anime/${popularId}`, headers: BROWSER },
  ];
  const answers = [];
  for (const target of targets) answers.push(await probe(target));

  const runs = targets.map(() => []);
  for (let r = 1; r <= ROUNDS; r++) {
    for (const [index, target] of targets.entries()) {
      await run(target, WARMUP);
      console.log(`[bench] round ${r}/${ROUNDS}: ${target.name}, ${CONNECTIONS} connections, ${DURATION} s…`);
      runs[index].push(await measure(target));
    }
  }

  const results = targets.map((target, index) => {
    const rounds = runs[index];
    const share = rounds.map((run, r) => run.requestsPerSecond / runs[0][r].requestsPerSecond);
    const cache = {};
    for (const run of rounds) for (const [key, count] of Object.entries(run.cache)) cache[key] = (cache[key] ?? 0) + count;
    const cpu = Object.fromEntries(Object.keys(rounds[0].cpuMsPerRequest).map((name) => [name, median(rounds.map((run) => run.cpuMsPerRequest[name]))]));
    return {
      name: target.name,
      answer: answers[index],
      requestsPerSecond: median(rounds.map((run) => run.requestsPerSecond)),
      latencyMs: { p50: median(rounds.map((run) => run.latencyMs.p50)), p99: median(rounds.map((run) => run.latencyMs.p99)) },
      shareOfHelloWorld: median(share),
      cache,
      cpuMsPerRequest: cpu,
      rounds,
    };
  });
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per run, median of ${ROUNDS} rounds; "vs hello" = req/s against the same round's hello-world`);
  printTable(
    ['target', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'vs hello', 'req/s per round', 'X-Cache', 'CPU ms/request'],
    results.map((r) => [
      r.name,
      `${r.answer.bytes} ${r.answer.encoding}`,
      Math.round(r.requestsPerSecond),
      r.latencyMs.p50,
      r.latencyMs.p99,
      `${round(r.shareOfHelloWorld * 100, 1)}%`,
      r.rounds.map((run) => Math.round(run.requestsPerSecond)).join(' / '),
      Object.entries(r.cache)
        .map(([key, count]) => `${key} ${count}`)
        .join(', ') || '-',
      Object.entries(r.cpuMsPerRequest)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', '),
    ]),
  );
  // The target is judged on the list as a browser asks for it (every browser sends accept-encoding);
  // the plain list, as a client without compression gets it, is printed beside it.
  const ratio = results[5].shareOfHelloWorld;
  const plainRatio = results[2].shareOfHelloWorld;
  const sameSize = median(runs[2].map((run, r) => run.requestsPerSecond / runs[1][r].requestsPerSecond));
  const met = ratio >= TARGET_RATIO;
  const compressedShare = (index, identity) => round(median(runs[index].map((run, r) => run.requestsPerSecond / runs[identity][r].requestsPerSecond)) * 100, 1);
  console.log(
    `compressed (br, gzip) vs the same target uncompressed, same rounds: list ${compressedShare(5, 2)}%, title ${compressedShare(7, 3)}%; list gzip ${compressedShare(6, 2)}%`,
  );
  console.log(
    `\nimport ${round(imported.importMs / 1000, 1)} s; target cached list as a browser asks for it (br, gzip) ≥ ${TARGET_RATIO * 100}% of hello-world: ${met ? 'met' : 'MISSED'} (${round(ratio * 100, 1)}%; uncompressed ${round(plainRatio * 100, 1)}%, ${round(sameSize * 100, 1)}% of the hello-world with a list-sized body)`,
  );
  const file = saveArtifact(AS_NPM_START ? 'catalogue-defaults' : 'catalogue', {
    machine: { ...machine(), loadAverage1mAtStart: loadAtStart },
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    rounds: ROUNDS,
    import: imported,
    listBytes,
    cachedListShareOfSameSizeHelloWorld: sameSize,
    results,
  });
  console.log(`[bench] wrote ${file}`);
  if (!met) process.exitCode = 1;
});
