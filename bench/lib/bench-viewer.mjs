// The signed-in viewer the browser benches load pages as: one account registered through the API
// (captcha solved) per portal URL, its e-mail and password kept in artifacts/bench/lighthouse-viewer.json
// and signed in again by the next run (registration is limited to 10 per address and hour).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { solveCaptcha } from '../../web/e2e/lib/browser.mjs';
import { ROOT } from './services.mjs';

const { SESSION_HINT_COOKIE } = createRequire(import.meta.url)(join(ROOT, 'dist/libs/contracts/src/auth/session-hint.js'));

/**
 * Puts the session into a (puppeteer) page's origin as the web client keeps it after signing in: token
 * and user in localStorage, and the session hint cookie that has the gateway draw the pages' first screen.
 */
export async function storeSession(page, session) {
  await page.evaluate(
    ({ token, user, cookie }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      globalThis.document.cookie = `${cookie}=${token}; Path=/; SameSite=Lax`;
    },
    { ...session, cookie: SESSION_HINT_COOKIE },
  );
}

const VIEWERS_FILE = join(ROOT, 'artifacts', 'bench', 'lighthouse-viewer.json');

function storedViewers() {
  try {
    return JSON.parse(readFileSync(VIEWERS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/** The viewer of an earlier run, signed in again (null when there is none or it no longer signs in). */
async function signInStoredViewer(baseUrl) {
  const viewer = storedViewers()[baseUrl];
  if (!viewer) return null;
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: viewer.email, password: viewer.password }),
  });
  const body = await response.json().catch(() => null);
  return response.ok && body?.data?.token ? { token: body.data.token, user: body.data.user } : null;
}

/** A viewer registered through the API (captcha solved), as web/e2e/lib/accounts.mjs does; kept for the next run. */
export async function registerViewer(baseUrl) {
  const stored = await signInStoredViewer(baseUrl);
  if (stored) return stored;
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const credentials = { email: `lh_${suffix}@example.com`, password: `Pw-${suffix}-lighthouse!` };
  const captcha = (await (await fetch(`${baseUrl}/api/auth/captcha`)).json()).data;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `lh_${suffix}`,
      ...credentials,
      captchaId: captcha.captchaId,
      captchaAnswer: solveCaptcha(captcha.question),
      agreement: true,
    }),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 201 || !body?.data?.token) throw new Error(`registering the bench viewer: ${response.status} ${JSON.stringify(body)?.slice(0, 300)}`);
  mkdirSync(join(ROOT, 'artifacts', 'bench'), { recursive: true });
  writeFileSync(VIEWERS_FILE, `${JSON.stringify({ ...storedViewers(), [baseUrl]: credentials }, null, 2)}\n`);
  return { token: body.data.token, user: body.data.user };
}
