// Shared helpers of the browser flows (web/e2e/*.e2e.mjs): the base URL, the step printer, the captcha
// solver, Debian's Chromium through playwright-core (never a downloaded browser) and the screenshot folder.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const STEP_TIMEOUT_MS = 20_000;
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const screenshotDir = join(repoRoot, 'artifacts', 'screenshots');

/** BASE_URL without a trailing slash; exits 2 when it is not set. */
export function baseUrlFromEnv() {
  const baseUrl = (process.env.BASE_URL ?? '').replace(/\/+$/, '');
  if (!baseUrl) {
    console.error('BASE_URL is not set (for example BASE_URL=http://localhost:3000).');
    process.exit(2);
  }
  return baseUrl;
}

/** The first line of an error, plus what Playwright was waiting for when it timed out. */
function firstLine(error) {
  if (!(error instanceof Error)) return String(error);
  // eslint-disable-next-line no-control-regex -- Playwright colours its call log
  const message = error.message.replace(/\u001b\[\d+m/g, '');
  const [line] = message.split('\n');
  const waiting = message.match(/waiting for (.+)/)?.[1];
  return waiting && !line.includes(waiting) ? `${line} (waiting for ${waiting.trim()})` : line;
}

/**
 * A unique suffix for the accounts and values a run creates. Digits only: random letters can spell a
 * word the nickname filter refuses ("pd", "con", "tit").
 */
export const runSuffix = () => `${Date.now() % 1e10}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

/**
 * Records every Content Security Policy violation in a context's pages (their top documents: a
 * third-party player in an iframe answers for its own policy). A worker the policy refuses is
 * reported on the document that made it. The gateway's policy must allow everything the client does.
 */
async function recordCspViolations(context, violations) {
  await context.exposeBinding('__e2eCspViolation', ({ page }, text) => violations.add(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    if (globalThis !== globalThis.top) return;
    globalThis.document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
      globalThis.__e2eCspViolation(`${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}${where}`);
    });
  });
}

/** Errors a step has already printed as "not ok", so the runner does not print them twice. */
const reported = new WeakSet();

/**
 * Prints one TAP-like line per step, with its duration and whatever text the step returns (a measured
 * detail); `step.count` is the number of steps started.
 */
export function createStepper() {
  const step = async (title, action) => {
    step.count += 1;
    const number = step.count;
    const started = Date.now();
    try {
      const detail = await action();
      console.log(`ok ${number} - ${title} (${Date.now() - started} ms)${typeof detail === 'string' && detail ? `: ${detail}` : ''}`);
    } catch (error) {
      console.log(`not ok ${number} - ${title}: ${firstLine(error)}`);
      if (error instanceof Error) reported.add(error);
      throw error;
    }
  };
  step.count = 0;
  return step;
}

/** "Решите пример: 7 + 3 = ?" -> 10 */
export function solveCaptcha(label) {
  const match = label.match(/(-?\d+)\s*([+\-×x*])\s*(-?\d+)/);
  if (!match) throw new Error(`cannot read the captcha "${label}"`);
  const [, a, operator, b] = match;
  if (operator === '+') return Number(a) + Number(b);
  if (operator === '-') return Number(a) - Number(b);
  return Number(a) * Number(b);
}

/**
 * Runs `flow(browser)` in a fresh headless Chromium (`newContext()` gives each user a browser of their
 * own), then closes it, prints the summary line and exits: 0 when the flow passed, 1 otherwise.
 */
/** False when the runner says the portal has no sample episodes (no ffmpeg where it started). */
export const hasSampleVideo = () => process.env.E2E_SAMPLE_VIDEO !== '0';

/** Flows that play the sample episodes end here, successfully, when there are none. */
export function skipWithoutSampleVideo(name) {
  if (hasSampleVideo()) return;
  console.log(`# ${name} skipped: no sample episodes (npm run media:samples)`);
  process.exit(0);
}

/** Debian's headless Chromium with the flows' flags and `extraArgs` (e.g. a phone's autoplay policy). */
export const launchChromium = (extraArgs = []) => chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });

/**
 * Waits until `expression` is true in the page without a user gesture: Playwright's own waiting runs its
 * checks as one, which gives the page the user activation a phone's autoplay policy looks for.
 */
export async function waitWithoutGesture(page, expression, timeoutMs = STEP_TIMEOUT_MS) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: `Boolean(${expression})`, userGesture: false, returnByValue: true });
      if (result.value === true) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
  } finally {
    await cdp.detach();
  }
}

export async function runBrowserFlow(name, step, flow) {
  mkdirSync(screenshotDir, { recursive: true });
  const started = Date.now();
  let browser;
  let failed = false;
  const cspViolations = new Set();
  try {
    browser = await launchChromium();
    const newContext = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      await recordCspViolations(context, cspViolations);
      return context;
    };
    await flow(newContext);
    await step('no Content Security Policy violation on any page', async () => {
      // Violations are reported asynchronously: one round trip to each open page lets the last arrive.
      const pages = browser.contexts().flatMap((context) => context.pages());
      await Promise.all(pages.map((page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50))).catch(() => undefined)));
      for (const violation of cspViolations) console.log(`# CSP violation: ${violation}`);
      if (cspViolations.size) throw new Error(`${cspViolations.size} CSP violation(s), listed above`);
    });
  } catch (error) {
    failed = true;
    // A failure outside a step (the browser did not start, for instance) has no "not ok" line yet.
    if (!(error instanceof Error) || !reported.has(error)) console.log(`error: ${firstLine(error)}`);
  } finally {
    await browser?.close().catch(() => undefined);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    failed
      ? `${name}: FAILED at step ${step.count} (${seconds} s)`
      : `${name}: all ${step.count} steps passed in ${seconds} s; screenshots in artifacts/screenshots/`,
  );
  process.exit(failed ? 1 : 0);
}
