// The whole portal started exactly as `npm start` starts it: health, the browser flow, clean Ctrl-C.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { freePort } = require('../../scripts/lib/provision.cjs');
const ROOT = new URL('../..', import.meta.url).pathname;
const CHROMIUM = '/usr/bin/chromium';

async function portalEnv() {
  const env = { ...process.env, PORT: String(await freePort()), PORTAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-system-')) };
  for (const app of ['auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation']) {
    env[`${app.toUpperCase()}_HEALTH_PORT`] = String(await freePort());
  }
  // A key prefix of its own, so this portal never answers another one's requests on a shared Redis.
  env.REDIS_KEY_PREFIX = `system-${Date.now().toString(36)}:`;
  delete env.DATABASE_URL; // the embedded PGlite path, as on a fresh clone
  return env;
}

function waitForLine(child, pattern, timeoutMs) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no "${pattern}" within ${timeoutMs} ms:\n${output.slice(-3000)}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited early with ${code}:\n${output.slice(-3000)}`)));
  });
}

test('npm start serves the portal, passes the browser flow and stops cleanly on Ctrl-C', { timeout: 600000 }, async (t) => {
  const env = await portalEnv();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  t.after(async () => {
    if (child.exitCode !== null) return;
    // Ctrl-C first, so the portal stops its services; SIGKILL only if it hangs.
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
  });
  await waitForLine(child, /Portal ready: http:\/\/localhost:\d+/, 300000);
  const baseUrl = `http://localhost:${env.PORT}`;

  const health = await fetch(`${baseUrl}/api/health`).then((response) => response.json());
  assert.equal(health.success, true);
  assert.deepEqual(Object.values(health.data.services), ['up', 'up', 'up', 'up', 'up', 'up']);
  const page = await fetch(`${baseUrl}/register`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type'), /text\/html/);
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  assert.ok(script, 'index.html names its entry script');
  const asset = await fetch(`${baseUrl}${script}`);
  assert.equal(asset.status, 200);
  assert.match(asset.headers.get('content-type'), /javascript/);
  assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');

  if (existsSync(CHROMIUM)) {
    const e2e = spawn('npm', ['run', 'e2e', '--workspace', 'web', '--silent'], { cwd: ROOT, env: { ...process.env, BASE_URL: baseUrl }, stdio: 'inherit' });
    const code = await new Promise((resolve) => e2e.once('exit', resolve));
    assert.equal(code, 0, 'the browser flow failed');
  } else {
    t.diagnostic(`browser flow skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
  }

  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  assert.equal(await exited, 0);
  // Every service stopped on SIGTERM by itself: none had to be killed.
  assert.doesNotMatch(output, /did not stop within/);
  assert.match(output, /\[start\] stopped/);
  const afterStop = await fetch(`${baseUrl}/api/health`).then(() => 'answered', () => 'refused');
  assert.equal(afterStop, 'refused');
});
