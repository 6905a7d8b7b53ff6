// `npm run bench:lighthouse`: Lighthouse 12 (mobile preset: Moto G Power emulation, simulated slow 4G
// and 4× CPU slowdown) on Debian's Chromium against the portal, on the four routes of issue #13.
// A benchmark, not a test: it prints the median of BENCH_RUNS runs per route (performance score, LCP,
// FCP, CLS, TBT), the LCP element and the elements that shifted, writes artifacts/bench/lighthouse.json
// (artifacts/ is git-ignored, like every bench's result) and exits 1 when a goal is missed.
//
// The portal: PORTAL_URL when set; else http://localhost:3000 when it answers /api/health; else one
// started here exactly as `npm start` does (scripts/start.mjs: embedded PostgreSQL, Redis, every service) on
// a free port with its data in .data/bench-lighthouse (kept between runs: the first start imports the
// full catalogue, about a minute; BENCH_FRESH=1 starts from an empty one). Stopped with Ctrl-C at the end.
//
// Chromium: CHROME_PATH, else /usr/bin/chromium (`apt-get install -y chromium`). Nothing downloads a browser.
//
// Every route but / shows a guest only the welcome prompt (SPEC.md section 2), so the runs are made as a
// signed-in viewer: one account registered through the API at the start, its session put into
// localStorage and the session hint cookie (as the client keeps them) on a fresh browser profile before each run, caches still
// cleared by Lighthouse. BENCH_GUEST=1 measures a guest instead.
//
// The viewer's e-mail and password are kept in artifacts/bench/lighthouse-viewer.json (per portal URL)
// and signed in again by the next run: registration is limited to 10 per address and hour.
//
// BENCH_BASELINE_URL: a second portal (another build of the web client, e.g. a second gateway serving
// the previous web/dist through WEB_DIST_DIR, on the same services) measured in the same run: each
// route runs baseline, portal, baseline, portal… alternately, so both see the same machine load, and the
// table prints both with the change. The comparison the noisy shared machine allows (docs/PERFORMANCE.md).
//
// BENCH_RUNS (3), BENCH_ROUTES ("/,/catalog,/anime/20,/watch/20/1"), BENCH_LABEL (adds
// lighthouse-<label>.json next to lighthouse.json), BENCH_REPORTS=1 (also the full Lighthouse JSON of
// each run under artifacts/bench/lighthouse/).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher'; // Lighthouse's own launcher (its dependency)
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core'; // Lighthouse's own driver (its dependency); it downloads nothing
import { runBench, wasInterrupted } from './lib/cleanup.mjs';
import { registerViewer, storeSession } from './lib/bench-viewer.mjs';
import { startNpmStartPortal } from './lib/npm-start.mjs';
import { ROOT } from './lib/services.mjs';
import { machine, printTable, round, saveArtifact, warnIfBusy } from './lib/stats.mjs';

const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
// --autoplay-policy: the policy Chrome has on a phone (and on desktop), which headless Chromium relaxes to
// "no user gesture required": a page opened cold, as Lighthouse opens it, may not start a video with sound.
// Without it every /watch run plays the sample episode, decoded in software on this machine's CPUs.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--autoplay-policy=document-user-activation-required',
];
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/catalog,/anime/20,/watch/20/1')
  .split(',')
  .map((route) => route.trim())
  .filter(Boolean);
const GOALS = { score: 90, lcpMs: 2500, cls: 0.1, tbtMs: 200 };

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function answersHealth(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** scripts/start.mjs on its own port, data dir, health ports and key prefix (as test/system/start.test.mjs). */
async function startOwnPortal() {
  const dataDir = join(ROOT, '.data', 'bench-lighthouse');
  if (process.env.BENCH_FRESH === '1') rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const { baseUrl } = await startNpmStartPortal({
    env: { PORTAL_DATA_DIR: dataDir },
    keyPrefix: 'bench-lighthouse:',
    label: `portal (data in ${dataDir}; the first start imports the catalogue)`,
  });
  return baseUrl;
}

async function portalUrl() {
  if (process.env.PORTAL_URL) {
    const url = process.env.PORTAL_URL.replace(/\/$/, '');
    if (!(await answersHealth(url))) throw new Error(`PORTAL_URL ${url} does not answer /api/health`);
    return url;
  }
  if (await answersHealth('http://localhost:3000')) return 'http://localhost:3000';
  return startOwnPortal();
}

/** The nodes Lighthouse names in an audit's details (table items or a nested node), as short labels. */
function nodesOf(audit, limit = 5) {
  const items = audit?.details?.items ?? [];
  const label = (node) => node && (node.selector || node.snippet || node.nodeLabel);
  return items
    .map((item) => {
      const node = item.node ?? item.items?.[0]?.node;
      const text = label(node);
      if (!text) return null;
      return item.score !== undefined ? { node: text, shift: round(item.score, 4) } : { node: text };
    })
    .filter(Boolean)
    .slice(0, limit);
}

async function runOnce(url, session) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let browser;
  try {
    // No config: Lighthouse's default is the mobile preset (formFactor mobile, simulated throttling).
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    let page;
    if (session) {
      // The session goes into the origin's localStorage from a page that loads no asset (the health
      // JSON), so the HTTP cache stays empty; Lighthouse then keeps storage but clears nothing else.
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
      page = await browser.newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.deleteCookie(...(await page.cookies()));
      await storeSession(page, session);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await page.goto('about:blank');
      flags.disableStorageReset = true;
    }
    const result = await lighthouse(url, flags, undefined, page);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id];
    return {
      figures: {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
        fcpMs: Math.round(audit('first-contentful-paint').numericValue),
        cls: round(audit('cumulative-layout-shift').numericValue, 3),
        tbtMs: Math.round(audit('total-blocking-time').numericValue),
        speedIndexMs: Math.round(audit('speed-index').numericValue),
      },
      lcpElement: nodesOf(audit('largest-contentful-paint-element'), 1)[0]?.node ?? null,
      lcpBreakdown: (audit('largest-contentful-paint-element')?.details?.items?.[1]?.items ?? []).map((phase) => ({
        phase: phase.phase,
        ms: Math.round(phase.timing),
      })),
      layoutShifts: nodesOf(audit('layout-shifts') ?? audit('layout-shift-elements')),
      renderBlocking: (audit('render-blocking-resources')?.details?.items ?? []).map((item) => item.url),
      report: result.report,
    };
  } finally {
    await browser?.disconnect();
    await chrome.kill();
  }
}

/** Medians of a route's runs, the goals, and the diagnostics of the run whose score is the median one. */
function summarizeRoute(route, runs) {
  const pick = (key) => median(runs.map((run) => run.figures[key]));
  const figures = {
    score: pick('score'),
    lcpMs: pick('lcpMs'),
    fcpMs: pick('fcpMs'),
    cls: round(pick('cls'), 3),
    tbtMs: pick('tbtMs'),
    speedIndexMs: pick('speedIndexMs'),
  };
  const typical = [...runs].sort((a, b) => a.figures.score - b.figures.score)[Math.floor(runs.length / 2)];
  const goals = {
    score: figures.score >= GOALS.score,
    lcp: figures.lcpMs <= GOALS.lcpMs,
    cls: figures.cls <= GOALS.cls,
    tbt: figures.tbtMs <= GOALS.tbtMs,
  };
  return {
    route,
    figures,
    goals,
    lcpElement: typical.lcpElement,
    lcpBreakdown: typical.lcpBreakdown,
    layoutShifts: typical.layoutShifts,
    renderBlocking: typical.renderBlocking,
    runs,
  };
}

async function main() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`no Chromium at ${CHROME_PATH}: apt-get install -y chromium (or set CHROME_PATH); this bench never downloads a browser`);
  }
  const baseUrl = await portalUrl();
  const baselineUrl = process.env.BENCH_BASELINE_URL?.replace(/\/$/, '') || null;
  if (baselineUrl && !(await answersHealth(baselineUrl))) throw new Error(`BENCH_BASELINE_URL ${baselineUrl} does not answer /api/health`);
  const guest = process.env.BENCH_GUEST === '1';
  const session = guest ? null : await registerViewer(baseUrl);
  // The same services behind both (one auth): the one session signs in on both origins.
  const load = warnIfBusy();
  console.log(
    `[bench] Lighthouse mobile preset, ${RUNS} run(s) per route, as ${guest ? 'a guest' : `signed-in ${session.user.username}`}, against ${baseUrl}${baselineUrl ? ` (baseline ${baselineUrl}, alternately)` : ''} with ${CHROME_PATH}`,
  );
  const reportsDir = join(ROOT, 'artifacts', 'bench', 'lighthouse');
  if (process.env.BENCH_REPORTS === '1') mkdirSync(reportsDir, { recursive: true });

  const targets = baselineUrl
    ? [
        { name: 'baseline', url: baselineUrl },
        { name: 'portal', url: baseUrl },
      ]
    : [{ name: 'portal', url: baseUrl }];
  const routes = [];
  const baselineRoutes = [];
  for (const route of ROUTES) {
    const runsOf = new Map(targets.map((target) => [target.name, []]));
    for (let index = 0; index < RUNS; index += 1) {
      for (const target of targets) {
        if (wasInterrupted()) throw new Error('interrupted');
        // A trace Lighthouse could not read (NO_NAVSTART and the like) is run again, twice at most.
        let run;
        for (let attempt = 1; !run; attempt += 1) {
          try {
            run = await runOnce(`${target.url}${route}`, session);
          } catch (error) {
            if (attempt >= 3 || wasInterrupted()) throw error;
            console.warn(`  ${route} run ${index + 1}: ${error.message.split('\n')[0]}; again`);
          }
        }
        const { report, ...kept } = run;
        runsOf.get(target.name).push({ ...kept, loadAverage1m: round(os.loadavg()[0]) });
        if (process.env.BENCH_REPORTS === '1') {
          const prefix = target.name === 'portal' ? '' : `${target.name}-`;
          writeFileSync(join(reportsDir, `${prefix}${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${index + 1}.json`), report);
        }
        const f = run.figures;
        const who = baselineUrl ? `${target.name} ` : '';
        console.log(
          `  ${route} ${who}run ${index + 1}: score ${f.score}, LCP ${f.lcpMs} ms, FCP ${f.fcpMs} ms, CLS ${f.cls}, TBT ${f.tbtMs} ms (load ${round(os.loadavg()[0])})`,
        );
      }
    }
    routes.push(summarizeRoute(route, runsOf.get('portal')));
    if (baselineUrl) baselineRoutes.push(summarizeRoute(route, runsOf.get('baseline')));
  }
  if (baselineUrl) {
    console.log(`\nBaseline ${baselineUrl} → portal ${baseUrl}, medians of ${RUNS} alternate run(s) each\n`);
    printTable(
      ['route', 'score', 'LCP ms', 'FCP ms', 'CLS', 'TBT ms', 'SI ms'],
      routes.map(({ route, figures: f }, index) => {
        const b = baselineRoutes[index].figures;
        return [
          route,
          `${b.score} → ${f.score}`,
          `${b.lcpMs} → ${f.lcpMs}`,
          `${b.fcpMs} → ${f.fcpMs}`,
          `${b.cls} → ${f.cls}`,
          `${b.tbtMs} → ${f.tbtMs}`,
          `${b.speedIndexMs} → ${f.speedIndexMs}`,
        ];
      }),
    );
  }

  console.log(
    `\nLighthouse ${LIGHTHOUSE_VERSION} mobile, median of ${RUNS} run(s) (goals: score ≥ ${GOALS.score}, LCP ≤ ${GOALS.lcpMs} ms, CLS ≤ ${GOALS.cls}, TBT ≤ ${GOALS.tbtMs} ms)\n`,
  );
  const mark = (value, met) => `${value}${met ? '' : ' ✗'}`;
  printTable(
    ['route', 'score', 'LCP ms', 'FCP ms', 'CLS', 'TBT ms', 'SI ms'],
    routes.map(({ route, figures: f, goals: g }) => [
      route,
      mark(f.score, g.score),
      mark(f.lcpMs, g.lcp),
      f.fcpMs,
      mark(f.cls, g.cls),
      mark(f.tbtMs, g.tbt),
      f.speedIndexMs,
    ]),
  );
  for (const { route, lcpElement, lcpBreakdown, layoutShifts } of routes) {
    console.log(
      `\n${route}: LCP element ${lcpElement ?? '(none)'}${lcpBreakdown.length ? ` (${lcpBreakdown.map((p) => `${p.phase} ${p.ms} ms`).join(', ')})` : ''}`,
    );
    for (const shift of layoutShifts) console.log(`  shifted: ${shift.node}${shift.shift !== undefined ? ` (${shift.shift})` : ''}`);
  }

  const data = {
    lighthouse: LIGHTHOUSE_VERSION,
    preset: 'mobile (default config, simulated throttling)',
    chromium: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    viewer: guest ? 'guest' : 'signed in',
    portal: baseUrl,
    runsPerRoute: RUNS,
    goals: GOALS,
    machine: { ...machine(), loadAverage1m: load, loadAverage1mAtEnd: round(os.loadavg()[0]) },
    routes,
    ...(baselineUrl && { baseline: { portal: baselineUrl, routes: baselineRoutes } }),
  };
  const file = saveArtifact('lighthouse', data);
  if (process.env.BENCH_LABEL) saveArtifact(`lighthouse-${process.env.BENCH_LABEL.replace(/\W+/g, '-')}`, data);
  console.log(`\n[bench] wrote ${file}`);
  const missed = routes.filter((route) => !Object.values(route.goals).every(Boolean)).map((route) => route.route);
  if (missed.length > 0) {
    console.log(`[bench] goals missed on ${missed.join(', ')}`);
    process.exitCode = 1;
  }
}

await runBench(main);
