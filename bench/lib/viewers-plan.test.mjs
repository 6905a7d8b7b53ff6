// The pure parts of bench/viewers.mjs: the step plan, percentiles, a step's verdict and the run's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seededRandom } from './search-queries.mjs';
import {
  DEFAULT_STEPS,
  heldViewers,
  latency,
  markdownSection,
  parseSeconds,
  parseSteps,
  pastTheKnee,
  planSteps,
  planVisit,
  stepVerdict,
  thinkMs,
} from './viewers-plan.mjs';

test('steps: the default ramp, a list from the environment, and what is refused', () => {
  assert.deepEqual(parseSteps(undefined), DEFAULT_STEPS);
  assert.deepEqual(parseSteps(' '), DEFAULT_STEPS);
  assert.deepEqual(parseSteps('100, 300,600'), [100, 300, 600]);
  assert.throws(() => parseSteps('100,50'), /must grow/);
  assert.throws(() => parseSteps('100,100'), /must grow/);
  assert.throws(() => parseSteps('0'), /positive whole number/);
  assert.throws(() => parseSteps('1.5'), /positive whole number/);
  assert.throws(() => parseSteps('ten'), /positive whole number/);
  assert.throws(() => parseSteps('100000'), /more than the bench allows/);
  assert.throws(() => parseSteps(Array.from({ length: 13 }, (_, index) => index + 1).join(',')), /at most 12 steps/);
  assert.equal(parseSeconds('X', undefined, 60), 60);
  assert.equal(parseSeconds('X', '30', 60), 30);
  assert.throws(() => parseSeconds('X', '100000', 60), /between/);
  assert.throws(() => parseSeconds('X', 'soon', 60), /between/);
});

test('step plan: every step within the time budget, the first one always', () => {
  // Each step: 15 s ramp + 60 s measured, and the baseline's 15 + 20 s: 110 s.
  const plan = planSteps({ steps: [100, 300, 600, 1000, 1500], stepSeconds: 60, rampSeconds: 15, baselineSeconds: 20, budgetSeconds: 330 });
  assert.deepEqual(
    plan.steps.map((step) => step.viewers),
    [100, 300, 600],
  );
  assert.deepEqual(plan.dropped, [1000, 1500]);
  assert.equal(plan.estimatedSeconds, 330);
  assert.deepEqual(plan.steps[0], { viewers: 100, rampSeconds: 15, seconds: 60, baselineSeconds: 20 });
  const tight = planSteps({ steps: [100, 300], stepSeconds: 60, rampSeconds: 15, budgetSeconds: 10 });
  assert.deepEqual(
    tight.steps.map((step) => step.viewers),
    [100],
  );
  assert.deepEqual(tight.dropped, [300]);
  // Without a baseline a step is its ramp and its measurement only.
  assert.equal(planSteps({ steps: [10, 20], stepSeconds: 30, rampSeconds: 5, budgetSeconds: 1000 }).estimatedSeconds, 70);
});

test('percentiles: nearest rank over the samples, zeros for none', () => {
  const samples = Array.from({ length: 1000 }, (_, index) => index + 1).reverse();
  const figures = latency(samples);
  assert.equal(figures.n, 1000);
  assert.equal(figures.p50, 500);
  assert.equal(figures.p95, 950);
  assert.equal(figures.p99, 990);
  assert.equal(figures.max, 1000);
  assert.equal(figures.mean, 500.5);
  assert.deepEqual(latency([]), { n: 0, p50: 0, p95: 0, p99: 0, max: 0, mean: 0 });
  assert.equal(latency([7]).p99, 7);
  // One slow request in a hundred is the p99; two are past it.
  assert.equal(latency([...Array(99).fill(10), 900]).p99, 10);
  assert.equal(latency([...Array(98).fill(10), 900, 900]).p99, 900);
});

test('a step holds with p99 under 500 ms and nothing failed', () => {
  assert.deepEqual(stepVerdict({ p99: 499.9, errors: 0 }), { held: true, reasons: [] });
  assert.deepEqual(stepVerdict({ p99: 500, errors: 0 }).reasons, ['p99 500 ms ≥ 500 ms']);
  assert.deepEqual(stepVerdict({ p99: 120, errors: 1 }).reasons, ['1 failed request']);
  assert.deepEqual(stepVerdict({ p99: 120, errors: 0, socketErrors: 2 }).reasons, ['2 socket errors']);
  assert.deepEqual(stepVerdict({ p99: 120, errors: 0, chatLost: 1 }).reasons, ['1 chat delivery lost']);
  assert.equal(stepVerdict({ p99: Number.NaN, errors: 0 }).held, false);
  assert.equal(stepVerdict({ p99: 900, errors: 0 }, 1000).held, true);
});

test('viewers held: the largest step held with every smaller one held too', () => {
  const step = (viewers, held, reasons = []) => ({ viewers, held, reasons });
  assert.deepEqual(heldViewers([step(100, true), step(300, true), step(600, false, ['p99 640 ms ≥ 500 ms']), step(1000, false)]), {
    held: 300,
    largestHeld: 300,
    firstMissed: { viewers: 600, reasons: ['p99 640 ms ≥ 500 ms'] },
  });
  // A later step that happens to pass after a missed one does not raise the figure.
  assert.deepEqual(heldViewers([step(1000, true), step(100, true), step(300, false)]), {
    held: 100,
    largestHeld: 1000,
    firstMissed: { viewers: 300, reasons: [] },
  });
  assert.deepEqual(heldViewers([step(100, false)]), { held: 0, largestHeld: 0, firstMissed: { viewers: 100, reasons: [] } });
  assert.deepEqual(heldViewers([step(100, true), step(300, true)]), { held: 300, largestHeld: 300, firstMissed: null });
  assert.equal(pastTheKnee({ p99: 6000, errors: 0, requests: 10 }, { stopP99Ms: 5000, stopErrorShare: 0.05 }), true);
  assert.equal(pastTheKnee({ p99: 100, errors: 6, requests: 100 }, { stopP99Ms: 5000, stopErrorShare: 0.05 }), true);
  assert.equal(pastTheKnee({ p99: 100, errors: 4, requests: 100 }, { stopP99Ms: 5000, stopErrorShare: 0.05 }), false);
});

test('a visit: every action of the mix in order, chatters post, think times of 2–4 s', () => {
  const random = seededRandom('visit');
  const visit = planVisit(random, { chatter: false, saves: 3 });
  assert.deepEqual(
    visit.map((step) => step.action),
    ['home', 'catalogue', 'search', 'title', 'list-add', 'rate', 'play', 'comment', 'notifications', 'list-status'],
  );
  assert.equal(visit.find((step) => step.action === 'play').saves, 3);
  assert.ok(['completed', 'on_hold', 'watching', 'dropped', 'planned'].includes(visit.at(-1).status));
  assert.equal(planVisit(random, { chatter: true, saves: 0 }).at(-1).action, 'chat');
  const thinks = Array.from({ length: 1000 }, () => thinkMs(random, 3000));
  assert.ok(Math.min(...thinks) >= 2000 && Math.max(...thinks) <= 4000);
  const mean = thinks.reduce((sum, value) => sum + value, 0) / thinks.length;
  assert.ok(Math.abs(mean - 3000) < 100, `mean think time ${mean}`);
});

test('the Markdown section: a row per step, the verdict, a row per kind and per process, event-loop delays', () => {
  const figures = (p99) => ({ n: 10, p50: 5, p95: 20, p99, max: p99, mean: 8 });
  const step = (viewers, p99, held) => ({
    viewers,
    requestsPerSecond: viewers / 2,
    latency: figures(p99),
    slow: 0,
    errorsByStatus: held ? {} : { 503: 2 },
    socketErrors: 0,
    chat: { received: 100, expected: 100, latency: figures(40) },
    generator: { cpuShare: 0.12, eventLoopDelayP99Ms: 11, eventLoopDelayMaxMs: 30 },
    machineCpuBusy: 0.9,
    tcp: { listenOverflows: 1200, synRetransmits: 800 },
    transactionsPerRequest: 1.25,
    redisCommandsPerRequest: 31.5,
    eventLoopDelayMs: { gateway: { p99: 12, max: 250 } },
    loadAverage: [1.5, 2.25],
    held,
    reasons: held ? [] : ['2 failed requests'],
    byKind: { 'list change': { perSecond: 3, latency: figures(p99), errorsByStatus: held ? {} : { 503: 2 } } },
    cpuMsPerRequest: { gateway: 0.5, community: 0.25 },
    rssMb: { gateway: 120 },
    cpuShareOfMachine: 0.6,
    database: { samples: 60, active: 1.5, idleInTransaction: 0, waits: { 'Lock:transactionid': 0.5 } },
  });
  const text = markdownSection({
    label: 'PostgreSQL server',
    steps: [step(100, 80, true), step(300, 700, false)],
    baseline: [{ viewers: 100, requestsPerSecond: 50, latency: figures(2) }],
    verdict: heldViewers([
      { viewers: 100, held: true },
      { viewers: 300, held: false, reasons: ['2 failed requests'] },
    ]),
  });
  assert.match(text, /^#### PostgreSQL server/);
  assert.match(text, /\| 100 \| 50 \(50\) \| 5\.0 \/ 20 \/ \*\*80\*\* \| 2\.0 \|/);
  assert.match(text, /\| 300 \| 150 \(–\) \|.*\| 503 ×2 \|.*\| no: 2 failed requests \|/);
  assert.match(text, /Held: \*\*100 viewers\*\*.*first missed at 300: 2 failed requests/);
  assert.match(text, /\| list change \| 5\.0 \/ 20 \/ 80 \(3\.0\/s\) \| 5\.0 \/ 20 \/ 700; \*\*503 ×2\*\* \(3\.0\/s\) \|/);
  assert.match(text, /\| gateway \| 0\.500 \(120\) \| 0\.500 \(120\) \|/);
  assert.match(text, /\| waiting on Lock:transactionid \| 0\.50 \| 0\.50 \|/);
  assert.match(text, /\| the whole machine busy \(every process, also other users'\) \| 90 % \| 90 % \|/);
  assert.match(text, /\| gateway \| 12 \/ 250 \| 12 \/ 250 \|/);
  assert.match(text, /\| connections dropped by a full accept queue \/ SYNs sent again \(machine-wide\) \| 1,200 \/ 800 \| 1,200 \/ 800 \|/);
  assert.match(text, /\| PostgreSQL transactions per request \(this database\) \| 1\.25 \| 1\.25 \|/);
  assert.match(text, /\| Redis commands per request \(the whole server, also other users'\) \| 31\.5 \| 31\.5 \|/);
  assert.match(text, /\| load generator \| 11 \/ 30 \| 11 \/ 30 \|/);
});
