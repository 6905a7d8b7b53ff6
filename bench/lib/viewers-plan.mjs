// The pure parts of `npm run bench:viewers` (bench/viewers.mjs): the step plan, a viewer's visit, latency
// summaries, the verdict of a step and of the run, and the Markdown section of figures. No I/O here:
// bench/lib/viewers-plan.test.mjs tests all of it.
import { summarize } from './stats.mjs';

/** The ramp when BENCH_STEPS is not set: concurrent viewers per step. */
export const DEFAULT_STEPS = [100, 300, 600, 1000, 1500];
/** Bounds of a plan, whatever the environment asks for: the bench must stop by itself. */
export const PLAN_LIMITS = { maxSteps: 12, maxViewers: 5000, minStepSeconds: 5, maxStepSeconds: 600 };
/** A step holds its viewers when the p99 of every request it timed is under this, with no error. */
export const P99_LIMIT_MS = 500;
/** A request slower than this is counted apart (the issue's «no request over 1 s»). */
export const SLOW_MS = 1000;

/** "100, 300,600" → [100, 300, 600]: positive integers, ascending, without repeats, within PLAN_LIMITS. */
export function parseSteps(text) {
  if (text === undefined || text.trim() === '') return [...DEFAULT_STEPS];
  const steps = text.split(',').map((part) => part.trim());
  for (const step of steps) {
    if (!/^\d+$/.test(step) || Number(step) < 1) throw new Error(`BENCH_STEPS: "${step}" is not a positive whole number of viewers`);
    if (Number(step) > PLAN_LIMITS.maxViewers) throw new Error(`BENCH_STEPS: ${step} viewers is more than the bench allows (${PLAN_LIMITS.maxViewers})`);
  }
  const numbers = steps.map(Number);
  if (numbers.some((value, index) => index > 0 && value <= numbers[index - 1])) throw new Error(`BENCH_STEPS: the steps must grow (${text})`);
  if (numbers.length > PLAN_LIMITS.maxSteps) throw new Error(`BENCH_STEPS: at most ${PLAN_LIMITS.maxSteps} steps (${numbers.length} given)`);
  return numbers;
}

/** A whole number of seconds from the environment, within bounds (a typo must not make a run of hours). */
export function parseSeconds(name, text, fallback, { min = PLAN_LIMITS.minStepSeconds, max = PLAN_LIMITS.maxStepSeconds } = {}) {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name}: ${text} is not a number of seconds between ${min} and ${max}`);
  return value;
}

/**
 * The steps that fit in the time budget, in order. Each step first brings its new viewers in over
 * `rampSeconds` (not timed), then measures for `stepSeconds`; the baseline's step does the same with
 * `baselineSeconds`. A step that would end past `budgetSeconds` is dropped with every one after it;
 * the first step always runs.
 */
export function planSteps({ steps, stepSeconds, rampSeconds, baselineSeconds = 0, budgetSeconds }) {
  const perStep = rampSeconds + stepSeconds + (baselineSeconds > 0 ? rampSeconds + baselineSeconds : 0);
  const kept = [];
  let total = 0;
  for (const viewers of steps) {
    if (kept.length > 0 && total + perStep > budgetSeconds) break;
    kept.push({ viewers, rampSeconds, seconds: stepSeconds, baselineSeconds });
    total += perStep;
  }
  return { steps: kept, dropped: steps.slice(kept.length), estimatedSeconds: total };
}

/** Think time between two actions of a viewer: uniform within ±1/3 of the mean (2–4 s for 3 s). */
export function thinkMs(random, meanMs) {
  return Math.round(meanMs * (2 / 3 + (2 / 3) * random()));
}

/** The list statuses a viewer moves a title to after watching (docs/community.md). */
export const LATER_STATUSES = ['completed', 'on_hold', 'watching', 'dropped', 'planned'];

/**
 * One visit of a viewer: the actions in order, a think time between each two. `saves` progress saves
 * 10 s apart while the episode plays. Chatters post one chat message per visit.
 */
export function planVisit(random, { chatter, saves }) {
  const actions = ['home', 'catalogue', 'search', 'title', 'list-add', 'rate', { action: 'play', saves }, 'comment', 'notifications', 'list-status'];
  if (chatter) actions.push('chat');
  return actions
    .map((action) => (typeof action === 'string' ? { action } : action))
    .map((step) => (step.action === 'list-status' ? { ...step, status: LATER_STATUSES[Math.floor(random() * LATER_STATUSES.length)] } : step));
}

/** Latency figures of a list of milliseconds: n, p50, p95, p99, max, mean (zeros when empty). */
export function latency(samples) {
  if (samples.length === 0) return { n: 0, p50: 0, p95: 0, p99: 0, max: 0, mean: 0 };
  return summarize(samples);
}

/**
 * Whether a step held its viewers: the p99 of all timed requests under P99_LIMIT_MS, and no error (a
 * failed request, a socket that failed or dropped, a chat message that did not arrive).
 */
export function stepVerdict({ p99, errors, socketErrors = 0, chatLost = 0 }, limitMs = P99_LIMIT_MS) {
  const reasons = [];
  if (!(p99 < limitMs)) reasons.push(`p99 ${Math.round(p99)} ms ≥ ${limitMs} ms`);
  if (errors > 0) reasons.push(`${errors} failed request${errors === 1 ? '' : 's'}`);
  if (socketErrors > 0) reasons.push(`${socketErrors} socket error${socketErrors === 1 ? '' : 's'}`);
  if (chatLost > 0) reasons.push(`${chatLost} chat deliver${chatLost === 1 ? 'y' : 'ies'} lost`);
  return { held: reasons.length === 0, reasons };
}

/**
 * The run's verdict over its steps ({ viewers, held }): `held` is the largest number of viewers held by
 * a step when every smaller step held too (a noisy later step does not raise it); `largestHeld` the
 * largest step that held at all; `firstMissed` the first step that did not (null when none).
 */
export function heldViewers(steps) {
  const sorted = [...steps].sort((a, b) => a.viewers - b.viewers);
  let held = 0;
  let firstMissed = null;
  for (const step of sorted) {
    if (!step.held) {
      firstMissed ??= step;
      continue;
    }
    if (!firstMissed) held = step.viewers;
  }
  const largestHeld = Math.max(0, ...sorted.filter((step) => step.held).map((step) => step.viewers));
  return { held, largestHeld, firstMissed: firstMissed ? { viewers: firstMissed.viewers, reasons: firstMissed.reasons ?? [] } : null };
}

/** Whether the ramp should stop after this step: far past the limit, or failing often. */
export function pastTheKnee({ p99, errors, requests }, { stopP99Ms, stopErrorShare }) {
  return p99 >= stopP99Ms || (requests > 0 && errors / requests >= stopErrorShare);
}

const fmt = (value, digits = 0) =>
  value === null || value === undefined || Number.isNaN(value)
    ? '–'
    : Number(value).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value) => fmt(value, value < 10 ? 1 : 0);

/** "503 ×3, network ×1" */
function errorText(byStatus) {
  const entries = Object.entries(byStatus ?? {}).sort((a, b) => b[1] - a[1]);
  return entries.length === 0 ? '0' : entries.map(([status, count]) => `${status} ×${count}`).join(', ');
}

/**
 * The Markdown figures of one database's run: the steps (with the baseline beside them), latency per
 * kind of request, CPU per request and memory of each process, and where PostgreSQL waited.
 */
export function markdownSection(run) {
  const lines = [];
  const steps = run.steps;
  const baselineOf = (viewers) => run.baseline?.find((step) => step.viewers === viewers);
  lines.push(`#### ${run.label}`, '');
  lines.push(
    '| viewers | req/s (baseline) | p50 / p95 / p99 ms, all requests | baseline p99 ms | over 1 s | errors | socket errors | chat: delivered, p99 ms | generator CPU | load avg | held |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const step of steps) {
    const base = baselineOf(step.viewers);
    lines.push(
      `| ${fmt(step.viewers)} | ${fmt(step.requestsPerSecond)} (${base ? fmt(base.requestsPerSecond) : '–'}) | ${ms(step.latency.p50)} / ${ms(step.latency.p95)} / **${ms(step.latency.p99)}** | ${base ? ms(base.latency.p99) : '–'} | ${fmt(step.slow)} | ${errorText(step.errorsByStatus)} | ${fmt(step.socketErrors)} | ${fmt(step.chat.received)} of ${fmt(step.chat.expected)}, ${ms(step.chat.latency.p99)} | ${fmt(step.generator.cpuShare * 100)} % | ${step.loadAverage.map((value) => fmt(value, 1)).join(' → ')} | ${step.held ? 'yes' : `no: ${step.reasons.join('; ')}`} |`,
    );
  }
  lines.push(
    '',
    `Held: **${fmt(run.verdict.held)} viewers** (p99 < ${P99_LIMIT_MS} ms, no error, every smaller step held too)${run.verdict.firstMissed ? `; first missed at ${fmt(run.verdict.firstMissed.viewers)}: ${run.verdict.firstMissed.reasons.join('; ')}` : ''}.`,
    '',
  );

  const kinds = [...new Set(steps.flatMap((step) => Object.keys(step.byKind)))];
  lines.push(`| request (p50 / p95 / p99 ms; errors) | ${steps.map((step) => fmt(step.viewers)).join(' | ')} |`, `|---|${steps.map(() => '---').join('|')}|`);
  for (const kind of kinds) {
    const cells = steps.map((step) => {
      const figures = step.byKind[kind];
      if (!figures) return '–';
      const errors = Object.values(figures.errorsByStatus ?? {}).reduce((sum, count) => sum + count, 0);
      return `${ms(figures.latency.p50)} / ${ms(figures.latency.p95)} / ${ms(figures.latency.p99)}${errors ? `; **${errorText(figures.errorsByStatus)}**` : ''} (${fmt(figures.perSecond, 1)}/s)`;
    });
    lines.push(`| ${kind} | ${cells.join(' | ')} |`);
  }
  lines.push('');

  const processes = [...new Set(steps.flatMap((step) => Object.keys(step.cpuMsPerRequest)))];
  lines.push(
    `| CPU ms per request (RSS MB at the step's end) | ${steps.map((step) => fmt(step.viewers)).join(' | ')} |`,
    `|---|${steps.map(() => '---').join('|')}|`,
  );
  for (const name of processes) {
    const cells = steps.map((step) => {
      const cpu = step.cpuMsPerRequest[name];
      const rss = step.rssMb?.[name];
      return `${cpu === undefined ? '–' : fmt(cpu, 3)}${rss === undefined ? '' : ` (${fmt(rss)})`}`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  lines.push(`| **all measured processes, share of the 2 cores** | ${steps.map((step) => `${fmt(step.cpuShareOfMachine * 100)} %`).join(' | ')} |`);
  // A row only when some step measured it (older runs and the baseline have none): '–' where one did not.
  const optionalRow = (label, value, format) => {
    if (steps.some((step) => value(step) !== undefined && value(step) !== null)) {
      lines.push(`| ${label} | ${steps.map((step) => (value(step) === undefined || value(step) === null ? '–' : format(value(step)))).join(' | ')} |`);
    }
  };
  optionalRow(
    "the whole machine busy (every process, also other users')",
    (step) => step.machineCpuBusy,
    (busy) => `${fmt(busy * 100)} %`,
  );
  optionalRow(
    'PostgreSQL transactions per request (this database)',
    (step) => step.transactionsPerRequest,
    (count) => fmt(count, 2),
  );
  optionalRow(
    "Redis commands per request (the whole server, also other users')",
    (step) => step.redisCommandsPerRequest,
    (count) => fmt(count, 1),
  );
  optionalRow(
    'connections dropped by a full accept queue / SYNs sent again (machine-wide)',
    (step) => step.tcp,
    (tcp) => `${fmt(tcp.listenOverflows)} / ${fmt(tcp.synRetransmits)}`,
  );
  lines.push('');
  const loops = [...new Set(steps.flatMap((step) => Object.keys(step.eventLoopDelayMs ?? {})))];
  if (loops.length > 0) {
    lines.push(`| event-loop delay, p99 / max ms | ${steps.map((step) => fmt(step.viewers)).join(' | ')} |`, `|---|${steps.map(() => '---').join('|')}|`);
    for (const name of loops) {
      lines.push(
        `| ${name} | ${steps.map((step) => (step.eventLoopDelayMs?.[name] ? `${ms(step.eventLoopDelayMs[name].p99)} / ${ms(step.eventLoopDelayMs[name].max)}` : '–')).join(' | ')} |`,
      );
    }
    lines.push(
      `| load generator | ${steps.map((step) => `${ms(step.generator.eventLoopDelayP99Ms)} / ${ms(step.generator.eventLoopDelayMaxMs)}`).join(' | ')} |`,
      '',
    );
  }

  if (steps.some((step) => step.database?.samples > 0)) {
    lines.push(
      '| PostgreSQL, sampled every second (mean backends) | ' + steps.map((step) => fmt(step.viewers)).join(' | ') + ' |',
      `|---|${steps.map(() => '---').join('|')}|`,
    );
    lines.push(`| active | ${steps.map((step) => fmt(step.database.active, 2)).join(' | ')} |`);
    lines.push(`| idle in transaction | ${steps.map((step) => fmt(step.database.idleInTransaction, 2)).join(' | ')} |`);
    const waits = [...new Set(steps.flatMap((step) => Object.keys(step.database.waits ?? {})))];
    const top = waits
      .map((wait) => [wait, Math.max(...steps.map((step) => step.database.waits?.[wait] ?? 0))])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    for (const [wait] of top) lines.push(`| waiting on ${wait} | ${steps.map((step) => fmt(step.database.waits?.[wait] ?? 0, 2)).join(' | ')} |`);
    lines.push('');
  }
  return lines.join('\n');
}
