#!/usr/bin/env node
// `npm run bench:viewers`: simulated viewers through the gateway, ramped in steps, on `npm start`'s
// defaults and on a PostgreSQL server, each against a plain-fastify baseline in the same run.
//
// For each database (BENCH_DATABASES, default "postgres,defaults"): the portal is started exactly as
// `npm start` starts it (scripts/start.mjs: every service, start's defaults and log relay, the full
// catalogue imported at boot) in a PORTAL_DATA_DIR and REDIS_KEY_PREFIX of its own, both removed at the
// end; "postgres" gives it DATABASE_URL, a fresh database on BENCH_POSTGRES_URL's server (default the
// local one) created and dropped by the bench; "defaults" gives it nothing (its embedded database).
// Nothing is raised: every viewer comes from a loopback address of its own (127.10.x.y), so the
// per-address limits (registrations, the global request limit) apply to each viewer as they would to a
// household. Each viewer registers its own account through the API (captcha solved) before the ramp.
//
// A viewer (bench/lib/viewer-sim.mjs) keeps the web client's three sockets open (general, /chat,
// /notifications; websocket) and runs visits with a think time of BENCH_THINK_MS (3,000: uniform 2–4 s)
// between actions: the home page (index.html with the session hint cookie, verify, continue watching,
// popular, new, featured collections, then latest comments and the unread count), a catalogue page and
// the genres, a search typed with a typo (suggest on the first letters, then the search; queries of
// bench/lib/search-queries.mjs), a title (details, stats, own entry, comments, episodes), the title
// added to the list, a rating, an episode played (progress read, a save every 10 s, BENCH_SAVES (3)
// saves, then the episode marked watched), a comment (half of them replies) and sometimes a like, the
// notifications (read when there are unread ones), a status change; chatters (BENCH_CHATTERS, 10 %)
// post a chat message, which every chat socket should receive. Titles are the most popular, about
// BENCH_VIEWERS_PER_TITLE (10) viewers on each. A viewer's first visit starts at a random action, so
// viewers who joined together do not move through their visits in step.
//
// The ramp: BENCH_STEPS (100,300,600,1000,1500) concurrent viewers; each step brings its new viewers in
// over BENCH_RAMP_SECONDS (15, not timed), then measures BENCH_STEP_SECONDS (60). The baseline runs the
// same viewers, visits and think times against bench/hello-world-server.mjs (every request a GET /, no
// sockets) for BENCH_BASELINE_SECONDS (20) per step, before the portal's ramp. The plan is cut to
// BENCH_BUDGET_MINUTES (40) per database, and the ramp stops after a step past BENCH_STOP_P99_MS (5,000)
// or with 5 % of requests failing.
//
// Per step: req/s, p50/p95/p99 per kind of request, errors by kind and status, requests over 1 s, socket
// errors, chat deliveries, CPU per request of every process (/proc before and after the step) and its
// memory, the generator's own CPU and event-loop delay, PostgreSQL's backends by wait event (sampled
// every second) and its transactions per request, the Redis server's commands per request, and the load
// average. BENCH_CPU_PROF=1: every process of the portal writes a V8 CPU profile of its whole run into
// artifacts/bench/viewers-profiles-<database>-<run>/ when it stops (bench/lib/cpu-profile-preload.cjs). Held: the largest step with p99 < 500 ms and no error (every
// smaller step held too). Writes artifacts/bench/viewers.json and viewers.md (the Markdown section,
// printed as well); exits 1 when a step failed to run, not when a step missed the target.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Redis from 'ioredis';
import pg from 'pg';
import { atExit, runBench, wasInterrupted } from './lib/cleanup.mjs';
import { servicePid, startNpmStartPortal } from './lib/npm-start.mjs';
import {
  cpuWatch,
  cpuWithReapedChildrenMs,
  databaseWatch,
  descendants,
  eventLoopLag,
  machineCpu,
  pssMb,
  redisCommandsRun,
  redisPid,
  rssMb,
  tcpCounters,
} from './lib/process-watch.mjs';
import { cpuTimeMs } from './lib/services.mjs';
import { buildQuerySet, seededRandom } from './lib/search-queries.mjs';
import { ROOT, startHelloWorld } from './lib/services.mjs';
import { machine, round, saveArtifact, warnIfBusy } from './lib/stats.mjs';
import { Audience, Phase, registerAccount, Viewer } from './lib/viewer-sim.mjs';
import { heldViewers, markdownSection, parseSeconds, parseSteps, pastTheKnee, planSteps, stepVerdict } from './lib/viewers-plan.mjs';

const require = createRequire(import.meta.url);
const { LOCAL_POSTGRES, LOCAL_REDIS } = require('../scripts/lib/provision.cjs');

const STEPS = parseSteps(process.env.BENCH_STEPS);
const STEP_SECONDS = parseSeconds('BENCH_STEP_SECONDS', process.env.BENCH_STEP_SECONDS, 60);
const RAMP_SECONDS = parseSeconds('BENCH_RAMP_SECONDS', process.env.BENCH_RAMP_SECONDS, 15);
const BASELINE_SECONDS = parseSeconds('BENCH_BASELINE_SECONDS', process.env.BENCH_BASELINE_SECONDS, 20, { min: 0 });
const BUDGET_SECONDS = parseSeconds('BENCH_BUDGET_MINUTES', process.env.BENCH_BUDGET_MINUTES, 40, { min: 1, max: 240 }) * 60;
const THINK_MS = parseSeconds('BENCH_THINK_MS', process.env.BENCH_THINK_MS, 3000, { min: 100, max: 60_000 });
const SAVES = parseSeconds('BENCH_SAVES', process.env.BENCH_SAVES, 3, { min: 0, max: 100 });
const CHATTERS = parseSeconds('BENCH_CHATTERS', process.env.BENCH_CHATTERS, 0.1, { min: 0, max: 1 });
const VIEWERS_PER_TITLE = parseSeconds('BENCH_VIEWERS_PER_TITLE', process.env.BENCH_VIEWERS_PER_TITLE, 10, { min: 1, max: 5000 });
const CONNECTIONS_PER_VIEWER = parseSeconds('BENCH_CONNECTIONS_PER_VIEWER', process.env.BENCH_CONNECTIONS_PER_VIEWER, 6, { min: 1, max: 6 });
const STOP_P99_MS = parseSeconds('BENCH_STOP_P99_MS', process.env.BENCH_STOP_P99_MS, 5000, { min: 500, max: 60_000 });
const STOP_ERROR_SHARE = 0.05;
// The auth service hashes 4 passwords at a time (ARGON2_MAX_CONCURRENCY): many more in flight only queue
// there, past the gateway's 5 s deadline on a busy machine.
const REGISTER_CONCURRENCY = 12;
const CHAT_GRACE_MS = 3000;
const SEED = process.env.BENCH_SEED ?? 'bench-viewers-1';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,defaults')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const SERVICES = ['gateway', 'auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation'];
const CORES = os.cpus().length;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => round(os.loadavg()[0], 2);

for (const name of DATABASES) if (!['postgres', 'defaults'].includes(name)) throw new Error(`BENCH_DATABASES: unknown "${name}" (postgres, defaults)`);

/** Undo steps of one database's run: run at its end, or by the bench's clean-up if it fails first. */
function cleanupScope() {
  const steps = [];
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    while (steps.length > 0) {
      try {
        await steps.pop()();
      } catch (error) {
        console.error(`[bench] cleanup step failed: ${error.message}`);
      }
    }
  };
  atExit(run);
  return { add: (step) => steps.push(step), run };
}

async function deleteKeys(redisUrl, keyPrefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let deleted = 0;
    for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 1000 })) if (keys.length > 0) deleted += await redis.del(...keys);
    return deleted;
  } finally {
    redis.disconnect();
  }
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Runs `count` tasks, `concurrency` at a time. */
async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * One ramp over the plan's steps: viewers made by `makeViewer(index)` join at each step (spread over
 * the ramp), keep running into the next steps, and are stopped at the end. `probe()` starts the
 * step's process measurements and returns a function that ends them.
 */
async function ramp({ label, steps, seconds, audience, makeViewer, probe, stopEarly }) {
  const viewers = [];
  const results = [];
  try {
    for (const step of steps) {
      if (wasInterrupted()) throw new Error('interrupted');
      const joining = step.viewers - viewers.length;
      console.log(`[bench] ${label}: ${step.viewers} viewers (${joining} joining over ${step.rampSeconds} s)…`);
      const rampPhase = new Phase('ramp');
      audience.phase = rampPhase;
      for (let index = 0; index < joining; index++) {
        const viewer = makeViewer(viewers.length);
        viewers.push(viewer);
        viewer.start(Math.round((index / joining) * step.rampSeconds * 800));
      }
      await sleep(step.rampSeconds * 1000);
      rampPhase.end();
      const window = new Phase('window');
      audience.phase = window;
      const loadBefore = loadAverage();
      const stopProbe = await probe();
      await sleep(seconds(step) * 1000);
      window.end();
      const processes = await stopProbe(window.all.length);
      const nextRamp = new Phase('between');
      audience.phase = nextRamp;
      await sleep(CHAT_GRACE_MS);
      const summary = window.summary();
      const rampSummary = rampPhase.summary();
      const betweenSummary = nextRamp.summary();
      const verdict = stepVerdict({
        p99: summary.latency.p99,
        errors: summary.errors + rampSummary.errors + betweenSummary.errors,
        socketErrors: summary.socketErrors + rampSummary.socketErrors + betweenSummary.socketErrors,
        chatLost: summary.chat.lost,
      });
      const result = {
        viewers: step.viewers,
        ...summary,
        ramp: {
          requests: rampSummary.requests,
          errors: rampSummary.errors,
          errorsByStatus: rampSummary.errorsByStatus,
          socketErrors: rampSummary.socketErrors,
          socketErrorsByKind: rampSummary.socketErrorsByKind,
          latency: rampSummary.latency,
          slow: rampSummary.slow,
        },
        afterWindow: { errors: betweenSummary.errors, socketErrors: betweenSummary.socketErrors },
        ...processes,
        loadAverage: [loadBefore, loadAverage()],
        ...verdict,
      };
      results.push(result);
      printStep(label, result);
      if (stopEarly && pastTheKnee(result, { stopP99Ms: STOP_P99_MS, stopErrorShare: STOP_ERROR_SHARE })) {
        console.log(`[bench] ${label}: stopping the ramp (p99 ${round(result.latency.p99)} ms, ${result.errors} errors of ${result.requests})`);
        break;
      }
    }
  } finally {
    audience.phase = null;
    await Promise.race([Promise.all(viewers.map((viewer) => viewer.stop())), sleep(40_000)]);
  }
  return results;
}

function printStep(label, step) {
  const kinds = Object.entries(step.byKind)
    .sort((a, b) => b[1].latency.p99 - a[1].latency.p99)
    .slice(0, 5)
    .map(([kind, figures]) => `${kind} ${round(figures.latency.p99)}`)
    .join(', ');
  console.log(
    `[bench] ${label} ${step.viewers}: ${round(step.requestsPerSecond, 1)} req/s, p50/p95/p99 ${round(step.latency.p50)}/${round(step.latency.p95)}/${round(step.latency.p99)} ms, ` +
      `errors ${step.errors} (ramp ${step.ramp.errors}), sockets ${step.socketErrors + step.ramp.socketErrors}, chat ${step.chat.received}/${step.chat.expected}, ` +
      `generator ${round(step.generator.cpuShare * 100)} % CPU, loop p99 ${round(step.generator.eventLoopDelayP99Ms)} ms, load ${step.loadAverage.join('→')}; ` +
      `${step.held ? 'held' : `not held: ${step.reasons.join('; ')}`}\n        slowest p99: ${kinds}`,
  );
  if (step.errors + step.ramp.errors > 0) {
    const byKind = Object.entries(step.byKind)
      .filter(([, figures]) => Object.keys(figures.errorsByStatus).length > 0)
      .map(([kind, figures]) => `${kind}: ${JSON.stringify(figures.errorsByStatus)}`)
      .join('; ');
    console.log(`        errors: ${byKind || '–'}; ramp ${JSON.stringify(step.ramp.errorsByStatus)}`);
  }
  if (step.socketErrors + step.ramp.socketErrors > 0)
    console.log(`        socket errors: ${JSON.stringify({ ...step.ramp.socketErrorsByKind, ...step.socketErrorsByKind })}`);
  if (step.database?.samples) {
    const waits = Object.entries(step.database.waits)
      .slice(0, 4)
      .map(([wait, mean]) => `${wait} ${round(mean, 2)}`)
      .join(', ');
    console.log(`        PostgreSQL: active ${round(step.database.active, 2)}, idle in transaction ${round(step.database.idleInTransaction, 2)}; ${waits}`);
    for (const { query, mean } of step.database.activeQueries.slice(0, 3)) console.log(`        running (${round(mean, 2)}): ${query}`);
    for (const { query, mean } of step.database.lockedQueries.slice(0, 3)) console.log(`        waiting on a lock (${round(mean, 2)}): ${query}`);
    for (const { query, mean } of step.database.idleInTransactionAfter.slice(0, 3))
      console.log(`        idle in transaction after (${round(mean, 2)}): ${query}`);
  }
}

/**
 * A probe over a set of process groups: CPU per request of each, memory at the end, the event-loop
 * delay of each portal process (`lagUrls`: their metrics) and of the generator, the generator's own
 * CPU, the whole machine's CPU, and (when given) PostgreSQL's waits and transactions and the Redis
 * server's commands per request.
 */
function makeProbe({ groups, memory, database, redisUrl, lagUrls = {} }) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const lags = () => Promise.all(Object.entries(lagUrls).map(async ([name, url]) => [name, await eventLoopLag(url)]));
  return async () => {
    const watch = cpuWatch(groups);
    await database?.refresh();
    await lags(); // each read starts the process's next interval
    const machine = machineCpu();
    const tcpBefore = tcpCounters();
    const transactionsBefore = await database?.transactions();
    const redisBefore = redisUrl ? await redisCommandsRun(redisUrl) : null;
    const generatorBefore = process.cpuUsage();
    const started = performance.now();
    loopDelay.reset();
    loopDelay.enable();
    database?.startSampling();
    watch.start();
    return async (requests) => {
      await database?.refresh();
      const spent = watch.stop();
      const machineBusy = machine();
      const tcpAfter = tcpCounters();
      const transactionsAfter = await database?.transactions();
      const redisAfter = redisUrl ? await redisCommandsRun(redisUrl) : null;
      const eventLoopDelayMs = Object.fromEntries(
        (await lags()).filter(([, lag]) => lag).map(([name, lag]) => [name, { p99: round(lag.p99, 1), max: round(lag.max, 1) }]),
      );
      const seconds = (performance.now() - started) / 1000;
      const generatorCpu = process.cpuUsage(generatorBefore);
      loopDelay.disable();
      const perRequest = (value) => round(value / Math.max(1, requests), 3);
      const total = Object.values(spent).reduce((sum, value) => sum + value, 0);
      return {
        cpuMsPerRequest: Object.fromEntries(Object.entries(spent).map(([name, value]) => [name, perRequest(value)])),
        cpuShareOfMachine: round(total / (seconds * 1000 * CORES), 3),
        machineCpuBusy: round(machineBusy, 3),
        transactionsPerRequest: transactionsBefore === undefined ? null : perRequest(transactionsAfter - transactionsBefore),
        redisCommandsPerRequest: redisBefore === null || redisAfter === null ? null : perRequest(redisAfter - redisBefore),
        tcp: { listenOverflows: tcpAfter.listenOverflows - tcpBefore.listenOverflows, synRetransmits: tcpAfter.synRetransmits - tcpBefore.synRetransmits },
        eventLoopDelayMs,
        rssMb: Object.fromEntries(Object.entries(memory()).map(([name, value]) => [name, value === null ? null : round(value, 1)])),
        generator: {
          cpuShare: round((generatorCpu.user + generatorCpu.system) / 1000 / (seconds * 1000), 3),
          eventLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6, 1),
          eventLoopDelayMaxMs: round(loopDelay.max / 1e6, 1),
        },
        database: database ? database.stopSampling() : null,
      };
    };
  };
}

/** One database: portal up, accounts, the baseline's ramp, the portal's ramp, everything removed. */
async function runDatabase(kind, plan) {
  const scope = cleanupScope();
  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;
  const keyPrefix = `bench:viewers:${runId}:`;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-viewers-'));
  scope.add(() => rmSync(dataDir, { recursive: true, force: true }));
  scope.add(async () => console.log(`[bench] deleted ${await deleteKeys(redisUrl, keyPrefix)} Redis keys of ${keyPrefix}`));
  const env = { PORTAL_DATA_DIR: dataDir, ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }) };
  if (process.env.BENCH_CPU_PROF === '1') {
    // Every Node process of the portal writes a V8 CPU profile of its whole life when it stops.
    const profiles = join(ROOT, 'artifacts', 'bench', `viewers-profiles-${kind}-${runId}`);
    env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${join(ROOT, 'bench', 'lib', 'cpu-profile-preload.cjs')}`.trim();
    env.BENCH_CPU_PROF_DIR = profiles;
    console.log(`[bench] CPU profiles of the portal's processes go to ${profiles}`);
  }
  let label;
  if (kind === 'postgres') {
    const adminUrl = process.env.BENCH_POSTGRES_URL ?? LOCAL_POSTGRES;
    const database = `bench_viewers_${runId}`;
    await adminQuery(adminUrl, `CREATE DATABASE "${database}" ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`);
    scope.add(async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      console.log(`[bench] dropped database ${database}`);
    });
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    const [{ server_version: version }] = await adminQuery(adminUrl, 'SHOW server_version');
    label = `PostgreSQL server (DATABASE_URL: PostgreSQL ${version} on this machine, a fresh database)`;
  }
  const startedAt = performance.now();
  const portal = await startNpmStartPortal({ env, keyPrefix, label: `portal (${kind})` });
  const bootSeconds = round((performance.now() - startedAt) / 1000, 1);
  scope.add(async () => {
    if (portal.child.exitCode !== null || portal.child.signalCode !== null) return;
    portal.child.kill('SIGINT');
    const timer = setTimeout(() => portal.child.kill('SIGKILL'), 30_000);
    await new Promise((resolve) => portal.child.once('exit', resolve));
    clearTimeout(timer);
  });
  const baseUrl = portal.baseUrl.replace('localhost', '127.0.0.1');
  const runtime = JSON.parse(readFileSync(join(dataDir, 'runtime.json'), 'utf8'));
  const databaseUrl = runtime.DATABASE_URL;
  const startPid = portal.child.pid;
  const embeddedDatabase = kind === 'defaults';
  if (embeddedDatabase) {
    const [{ server_version: version }] = await adminQuery(databaseUrl, 'SHOW server_version');
    label = `\`npm start\`'s defaults (embedded database: PostgreSQL ${version}${descendants(startPid).some((child) => child.comm === 'postgres') ? ', a server process of its own' : ''})`;
  }
  console.log(`[bench] portal (${kind}) ready in ${bootSeconds} s at ${baseUrl}`);

  const titles = (
    await adminQuery(databaseUrl, 'SELECT id, episodes FROM catalogue.anime WHERE NOT adult AND episodes > 0 ORDER BY popularity DESC, id LIMIT 1000')
  ).map((row) => ({ id: row.id, episodes: row.episodes }));
  const queries = (await buildQuerySet(databaseUrl, { seed: SEED, perClass: 40 }))
    .filter((query) => !query.class.startsWith('prefix'))
    .map((query) => query.query);
  const { SESSION_HINT_COOKIE } = require(join(ROOT, 'dist/libs/contracts/src/auth/session-hint.js'));

  const maxViewers = Math.max(...plan.steps.map((step) => step.viewers));
  console.log(`[bench] registering ${maxViewers} viewers through the API, each from its own address…`);
  const accounts = new Array(maxViewers);
  const registerStarted = performance.now();
  await pool(maxViewers, REGISTER_CONCURRENCY, async (index) => {
    if (wasInterrupted()) throw new Error('interrupted');
    accounts[index] = await registerAccount(baseUrl, index, runId);
  });
  const failures = accounts.flatMap((account) => account.failures);
  const registration = {
    accounts: maxViewers,
    seconds: round((performance.now() - registerStarted) / 1000, 1),
    failures: failures.length,
    failureSamples: failures.slice(0, 5),
  };
  console.log(
    `[bench] registered ${maxViewers} accounts in ${registration.seconds} s${failures.length > 0 ? `; ${failures.length} attempts failed first, e.g. ${failures[0]}` : ''}`,
  );

  const audienceOf = () =>
    new Audience({
      titles,
      queries,
      random: seededRandom(`${SEED}:titles`),
      viewersPerTitle: VIEWERS_PER_TITLE,
      thinkMeanMs: THINK_MS,
      saves: SAVES,
      chatterShare: CHATTERS,
    });
  const generatorGroup = { name: 'load generator (this process)', pids: () => [process.pid] };

  // The baseline: the same viewers, visits and think times, every request a GET / of the hello-world.
  let baseline = [];
  if (BASELINE_SECONDS > 0) {
    const hello = await startHelloWorld();
    const audience = audienceOf();
    baseline = await ramp({
      label: `baseline (${kind})`,
      steps: plan.steps,
      seconds: () => BASELINE_SECONDS,
      audience,
      makeViewer: (index) =>
        new Viewer({
          index,
          account: null,
          baseUrl: hello.baseUrl,
          audience,
          random: seededRandom(`${SEED}:viewer:${index}`),
          connectionsPerViewer: CONNECTIONS_PER_VIEWER,
        }),
      probe: makeProbe({
        groups: [{ name: 'hello-world', pids: () => [hello.child.pid] }, generatorGroup],
        memory: () => ({ 'hello-world': rssMb(hello.child.pid), 'load generator (this process)': process.memoryUsage().rss / 2 ** 20 }),
      }),
      stopEarly: false,
    });
    await hello.stop();
  }

  const pids = Object.fromEntries(SERVICES.map((app) => [app, servicePid(startPid, app)]));
  const redisServer = await redisPid(redisUrl);
  const database = await databaseWatch(databaseUrl);
  scope.add(() => database.close());
  // The embedded server is all ours: its postmaster (a child of the start script) with every process
  // under it, and the backends that exited (reaped by the postmaster). On a shared server, only the
  // backends connected to this database count (one that exits inside a step takes its CPU with it).
  const databaseProcesses = embeddedDatabase
    ? () =>
        descendants(startPid)
          .filter((child) => child.comm === 'postgres')
          .map((child) => child.pid)
    : () => database.pids();
  const postmaster = embeddedDatabase ? descendants(startPid).find((child) => child.comm === 'postgres')?.pid : null;
  const databaseName = embeddedDatabase ? 'PostgreSQL (embedded server, all its processes)' : "PostgreSQL (this database's backends)";
  const databaseGroup = postmaster
    ? {
        name: databaseName,
        cpuMs: () => (cpuWithReapedChildrenMs(postmaster) ?? 0) + descendants(postmaster).reduce((sum, child) => sum + (cpuTimeMs(child.pid) ?? 0), 0),
      }
    : { name: databaseName, pids: databaseProcesses };
  const groups = [
    ...SERVICES.map((app) => ({ name: app, pids: () => [pids[app]] })),
    { name: 'npm start (log relay)', pids: () => [startPid] },
    databaseGroup,
    ...(redisServer ? [{ name: 'Redis (shared server)', pids: () => [redisServer] }] : []),
    generatorGroup,
  ];
  const memory = () => ({
    ...Object.fromEntries(SERVICES.map((app) => [app, rssMb(pids[app])])),
    'npm start (log relay)': rssMb(startPid),
    [databaseName]: databaseProcesses().reduce((sum, pid) => sum + (pssMb(pid) ?? 0), 0),
    ...(redisServer && { 'Redis (shared server)': rssMb(redisServer) }),
    'load generator (this process)': process.memoryUsage().rss / 2 ** 20,
  });
  const audience = audienceOf();
  const steps = await ramp({
    label: `portal (${kind})`,
    steps: plan.steps,
    seconds: (step) => step.seconds,
    audience,
    makeViewer: (index) =>
      new Viewer({
        index,
        account: accounts[index],
        baseUrl,
        audience,
        random: seededRandom(`${SEED}:viewer:${index}`),
        connectionsPerViewer: CONNECTIONS_PER_VIEWER,
        sessionCookieName: SESSION_HINT_COOKIE,
      }),
    probe: makeProbe({
      groups,
      memory,
      database,
      redisUrl,
      lagUrls: {
        gateway: `${baseUrl}/metrics`,
        ...Object.fromEntries(Object.entries(portal.healthPorts).map(([app, port]) => [app, `http://127.0.0.1:${port}/metrics`])),
      },
    }),
    stopEarly: true,
  });
  await scope.run();
  return { kind, label, bootSeconds, registration, titles: titles.length, queries: queries.length, baseline, steps, verdict: heldViewers(steps) };
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  const plan = planSteps({
    steps: STEPS,
    stepSeconds: STEP_SECONDS,
    rampSeconds: RAMP_SECONDS,
    baselineSeconds: BASELINE_SECONDS,
    budgetSeconds: BUDGET_SECONDS,
  });
  if (plan.dropped.length > 0) console.warn(`[bench] steps ${plan.dropped.join(', ')} do not fit in ${BUDGET_SECONDS / 60} min and are left out`);
  console.log(
    `[bench] viewers: steps ${plan.steps.map((step) => step.viewers).join(', ')} on ${DATABASES.join(' and ')}; ${RAMP_SECONDS} s ramp + ${STEP_SECONDS} s per step ` +
      `(baseline ${BASELINE_SECONDS} s), think time ${THINK_MS} ms, ${SAVES} progress saves per episode, ${round(CHATTERS * 100)} % chatters; about ${Math.round(plan.estimatedSeconds / 60)} min per database plus start-up`,
  );
  const runs = [];
  for (const kind of DATABASES) runs.push(await runDatabase(kind, plan));

  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const settings =
    `\`${['BENCH_STEPS', 'BENCH_STEP_SECONDS', 'BENCH_RAMP_SECONDS', 'BENCH_BASELINE_SECONDS', 'BENCH_DATABASES', 'BENCH_THINK_MS', 'BENCH_SAVES']
      .filter((name) => process.env[name])
      .map((name) => `${name}=${process.env[name]} `)
      .join(
        '',
      )}npm run bench:viewers\`, finished ${when} UTC; ${machine().cpus} cores (${machine().cpuModel}), Node ${process.version}; load average ${loadAtStart} at the start. ` +
    `Steps: ${RAMP_SECONDS} s for the new viewers to join (not timed), then ${STEP_SECONDS} s measured (baseline ${BASELINE_SECONDS} s); think time ${THINK_MS} ms (uniform ±⅓), ` +
    `${SAVES} progress saves 10 s apart per episode, ${round(CHATTERS * 100)} % of viewers post to the chat, ~${VIEWERS_PER_TITLE} viewers per title, ${CONNECTIONS_PER_VIEWER} keep-alive connections and 3 sockets per viewer.`;
  const markdown = [
    settings,
    '',
    ...runs.map(
      (run) =>
        `${markdownSection(run)}\nStart-up: ready in ${run.bootSeconds} s; ${run.registration.accounts} accounts registered in ${run.registration.seconds} s (${REGISTER_CONCURRENCY} at a time${run.registration.failures > 0 ? `; ${run.registration.failures} attempts failed and were tried again: ${run.registration.failureSamples[0]}` : ''}).\n`,
    ),
  ].join('\n');
  console.log(`\n${markdown}`);
  const file = saveArtifact('viewers', {
    machine: { ...machine(), loadAverage1mAtStart: loadAtStart },
    plan,
    settings: { STEP_SECONDS, RAMP_SECONDS, BASELINE_SECONDS, THINK_MS, SAVES, CHATTERS, VIEWERS_PER_TITLE, CONNECTIONS_PER_VIEWER },
    runs,
  });
  const markdownFile = file.replace(/\.json$/, '.md');
  writeFileSync(markdownFile, `${markdown}\n`);
  console.log(`[bench] wrote ${file} and ${markdownFile}`);
});
