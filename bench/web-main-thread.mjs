// `npm run bench:web-main-thread`: the first page's main-thread work, measured as CPU time so that a busy
// machine does not inflate it (Lighthouse's simulated TBT multiplies observed wall-clock task times,
// which another process's load stretches). Each route is loaded as the signed-in bench viewer (see
// lib/bench-viewer.mjs) in a Chromium of its own, as bench:lighthouse launches one per run (with one
// browser for all loads and a context per load, the same build measured about 100 ms of cpuTBT in some
// runs and 300 in others; with a new browser per load the 300 ms runs became rare, docs/PERFORMANCE.md
// 2026-11-27), traced until the network is idle and 1.5 s more; from the renderer's main thread it
// reports, per route and portal:
//   - cpuTbtMs: Σ max(0, 4 × task CPU − 50 ms) over every task: Total Blocking Time as Lighthouse's mobile
//     preset (4× CPU slowdown) would count it from the same tasks, without its FCP–TTI window;
//   - cpuTotalMs: 4 × all tasks' CPU; longestMs: the three longest tasks (× 4).
// PORTAL_URL: the portal (else http://localhost:3000); BENCH_BASELINE_URL: a second one (another build of
// the web client behind its own gateway, as for bench:lighthouse) measured alternately in the same run.
// BENCH_RUNS (5), BENCH_ROUTES ("/,/catalog,/anime/20,/watch/20/1"). Chromium: CHROME_PATH, else
// /usr/bin/chromium. Writes artifacts/bench/web-main-thread.json.
import puppeteer from 'puppeteer-core';
import { runBench } from './lib/cleanup.mjs';
import { registerViewer, storeSession } from './lib/bench-viewer.mjs';
import { machine, printTable, saveArtifact, warnIfBusy } from './lib/stats.mjs';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/catalog,/anime/20,/watch/20/1')
  .split(',')
  .map((route) => route.trim())
  .filter(Boolean);
const CHROME_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** The renderer main thread's tasks of a trace: the CrRendererMain thread with the most task time. */
function mainThreadTasks(events) {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(thread)) continue;
    byThread.set(thread, [...(byThread.get(thread) ?? []), e]);
  }
  const total = (tasks) => tasks.reduce((sum, task) => sum + task.dur, 0);
  return [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
}

async function measureRoute(baseUrl, route, session) {
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl}/api/health`);
    await storeSession(page, session);
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle0', timeout: 60000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
    const cpuMs = mainThreadTasks(trace.traceEvents).map((task) => ((task.tdur ?? task.dur) / 1000) * CPU_SLOWDOWN);
    return {
      cpuTbtMs: Math.round(cpuMs.reduce((sum, ms) => sum + Math.max(0, ms - BLOCKING_MS), 0)),
      cpuTotalMs: Math.round(cpuMs.reduce((sum, ms) => sum + ms, 0)),
      longestMs: [...cpuMs]
        .sort((a, b) => b - a)
        .slice(0, 3)
        .map(Math.round),
    };
  } finally {
    await browser.close();
  }
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  const portal = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const baseline = process.env.BENCH_BASELINE_URL?.replace(/\/$/, '');
  const portals = baseline ? [baseline, portal] : [portal];
  const sessions = Object.fromEntries(await Promise.all(portals.map(async (url) => [url, await registerViewer(url)])));
  const runs = {};
  for (let run = 1; run <= RUNS; run++) {
    for (const route of ROUTES) {
      for (const url of portals) {
        const result = await measureRoute(url, route, sessions[url]);
        (runs[`${route} ${url}`] ??= []).push(result);
        console.log(`  ${route} ${url} run ${run}: cpuTBT ${result.cpuTbtMs} ms, CPU ${result.cpuTotalMs} ms, longest ${result.longestMs.join(', ')} ms`);
      }
    }
  }
  const rows = ROUTES.flatMap((route) =>
    portals.map((url) => {
      const list = runs[`${route} ${url}`];
      return { route, portal: url, cpuTbtMs: median(list.map((r) => r.cpuTbtMs)), cpuTotalMs: median(list.map((r) => r.cpuTotalMs)), runs: list };
    }),
  );
  console.log(`\nMain-thread CPU × ${CPU_SLOWDOWN} (Lighthouse mobile's slowdown), median of ${RUNS} run(s)`);
  printTable(
    ['route', 'portal', 'cpuTBT ms', 'CPU ms', 'cpuTBT per run'],
    rows.map((row) => [row.route, row.portal, row.cpuTbtMs, row.cpuTotalMs, row.runs.map((r) => r.cpuTbtMs).join(' / ')]),
  );
  if (baseline) {
    for (const route of ROUTES) {
      const [before, after] = portals.map((url) => rows.find((row) => row.route === route && row.portal === url));
      console.log(
        `${route}: cpuTBT ×${(after.cpuTbtMs / Math.max(1, before.cpuTbtMs)).toFixed(2)} of the baseline, CPU ×${(after.cpuTotalMs / Math.max(1, before.cpuTotalMs)).toFixed(2)}`,
      );
    }
  }
  const file = saveArtifact('web-main-thread', { machine: { ...machine(), loadAverage1mAtStart: loadAtStart }, cpuSlowdown: CPU_SLOWDOWN, runs: RUNS, rows });
  console.log(`[bench] wrote ${file}`);
});
