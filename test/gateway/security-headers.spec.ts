import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { gatewayEnvSchema, loadConfig } from '@portal/config';
import { registerSecurityHeaders } from '../../apps/gateway/src/http/security-headers';
import { type RunningApp, startGateway, testEnv } from '../support/test-apps';
import { ownRedisPrefix, RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';

const PROVIDER = 'https://player.provider.example:8443/embed/{shikimoriId}?episode={episode}';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** `a b; c d e` -> { a: ['b'], c: ['d', 'e'] } */
function parseCsp(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

const APP_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'style-src-attr': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'media-src': ["'self'", 'blob:', 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ['https://player.provider.example:8443', 'https://www.youtube-nocookie.com', 'https://rutube.ru'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};
const RESOURCE_POLICY = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Fetches and reads the whole body: an unread body keeps its connection busy and the gateway's close waiting. */
async function fetchAll(url: string, init?: RequestInit): Promise<Answer> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The headers every answer carries, whatever its CSP. */
function expectCommonHeaders(res: Answer, { hsts = false } = {}) {
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(res.headers.get('x-request-id')).toBeTruthy();
  if (hsts) expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  else expect(res.headers.get('strict-transport-security')).toBeNull();
}

describe('the gateway: security headers on everything it serves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-security-headers-'));
  const dirs = { WEB_DIST_DIR: join(dir, 'dist'), UPLOADS_DIR: join(dir, 'uploads'), MEDIA_DIR: join(dir, 'media') };
  let gateway: RunningApp;
  let behindProxy: RunningApp;
  const get = (path: string, init?: RequestInit) => fetchAll(gateway.url + path, init);

  beforeAll(async () => {
    mkdirSync(join(dirs.WEB_DIST_DIR, 'assets'), { recursive: true });
    writeFileSync(
      join(dirs.WEB_DIST_DIR, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dirs.WEB_DIST_DIR, 'assets', 'app.js'), 'console.log("app");');
    mkdirSync(join(dirs.UPLOADS_DIR, 'avatars'), { recursive: true });
    writeFileSync(join(dirs.UPLOADS_DIR, 'avatars', 'a.png'), PNG);
    const env = { ...RELAXED_GATEWAY_LIMITS, ...dirs, ...ownRedisPrefix('security') };
    gateway = await startGateway({ ...env, VIDEO_PROVIDER_IFRAME_URL: PROVIDER, CSP_FRAME_HOSTS: 'https://www.youtube-nocookie.com, https://rutube.ru' });
    behindProxy = await startGateway({ ...env, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await gateway?.close();
    await behindProxy?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the web client its policy: scripts from this origin only, frames from the provider and the allowlist', async () => {
    for (const path of ['/', '/catalog', '/anime/20', '/watch/20/1']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(parseCsp(res.headers.get('content-security-policy'))).toEqual(APP_POLICY);
      expectCommonHeaders(res);
    }
  });

  it('puts the same policy on the static files of the web client, keeping their caching', async () => {
    const res = await get('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(parseCsp(res.headers.get('content-security-policy'))).toEqual(APP_POLICY);
    expectCommonHeaders(res);
  });

  it('gives API answers, successes and failures alike, a policy that loads nothing', async () => {
    const answers = [
      await get('/api/health/live'),
      await get('/api/nope'),
      await get('/api/nope', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' }),
      await get('/api/docs.json'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, expect.any(Number), 200]);
    expect(answers[2].status).toBeGreaterThanOrEqual(400);
    for (const res of answers) {
      expect(parseCsp(res.headers.get('content-security-policy'))).toEqual(RESOURCE_POLICY);
      expectCommonHeaders(res);
    }
  });

  it('gives Swagger UI its own policy: inline styles, but still no inline or foreign script', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    const html = res.text;
    // Every script of the page is a file of this origin: script-src 'self' is enough.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
    expect(parseCsp(res.headers.get('content-security-policy'))).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expectCommonHeaders(res);
    const scripts = html.match(/(?<=<script src=")[^"]+/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const src of scripts) {
      const script = await get(new URL(src, `${gateway.url}/api/docs`).pathname);
      expect({ src, status: script.status }).toEqual({ src, status: 200 });
    }
  });

  it('keeps the own CSP of served uploads and covers the 404s of /uploads and /media', async () => {
    const file = await get('/uploads/avatars/a.png');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; media-src 'self'");
    expectCommonHeaders(file);
    for (const path of ['/uploads/avatars/missing.png', '/media/samples/missing.m3u8']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(parseCsp(res.headers.get('content-security-policy'))).toEqual(RESOURCE_POLICY);
      expectCommonHeaders(res);
    }
  });

  it('sends HSTS and upgrades insecure requests only behind the HTTPS edge (TRUST_PROXY)', async () => {
    for (const path of ['/', '/api/health/live', '/api/docs']) {
      const res = await fetchAll(behindProxy.url + path);
      expectCommonHeaders(res, { hsts: true });
    }
    const page = parseCsp((await fetchAll(behindProxy.url + '/')).headers.get('content-security-policy'));
    expect(page['upgrade-insecure-requests']).toEqual([]);
    expect(page['frame-src']).toEqual([
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
      'https://vk.com',
      'https://vkvideo.ru',
      'https://rutube.ru',
    ]);
    expect(parseCsp((await get('/')).headers.get('content-security-policy'))['upgrade-insecure-requests']).toBeUndefined();
  });

  it("puts them on the rate limit's 429 too, which answers before any route", async () => {
    const limited = await startGateway({ ...dirs, ...ownRedisPrefix('security-limit'), RATE_LIMIT_GLOBAL_PER_MINUTE: '2' });
    try {
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i += 1) answers.push(await fetchAll(limited.url + '/api/nope'));
      const refused = answers.find((res) => res.status === 429);
      expect(refused).toBeDefined();
      expect(parseCsp(refused!.headers.get('content-security-policy'))).toEqual(RESOURCE_POLICY);
      expectCommonHeaders(refused!);
    } finally {
      await limited.close();
    }
  });

  it('frames nothing when neither a provider nor other hosts are configured', async () => {
    const fastify = Fastify();
    try {
      await registerSecurityHeaders(fastify, loadConfig(gatewayEnvSchema, testEnv({ CSP_FRAME_HOSTS: '', VIDEO_PROVIDER_IFRAME_URL: undefined })));
      fastify.get('/', (_request, reply) => reply.send('ok'));
      const res = await fastify.inject('/');
      expect(parseCsp(res.headers['content-security-policy'] as string)['frame-src']).toEqual(["'none'"]);
    } finally {
      await fastify.close();
    }
  });

  it('lets the player fetch media from the bucket when segments are redirected to signed URLs there', async () => {
    const fastify = Fastify();
    try {
      const bucket = { MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
      await registerSecurityHeaders(fastify, loadConfig(gatewayEnvSchema, testEnv({ ...bucket, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example:9000' })));
      fastify.get('/', (_request, reply) => reply.send('ok'));
      const policy = parseCsp((await fastify.inject('/')).headers['content-security-policy'] as string);
      expect(policy['media-src']).toEqual(["'self'", 'blob:', 'data:', 'https://cdn.example:9000']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://cdn.example:9000']);
    } finally {
      await fastify.close();
    }
  });

  it('refuses frame hosts that are not https origins, and a provider URL with a placeholder in its host', () => {
    for (const bad of ['http://vk.com', 'https://vk.com/video', "https://a.example 'unsafe-inline'", 'https://a.example;script-src *']) {
      expect(() => loadConfig(gatewayEnvSchema, testEnv({ CSP_FRAME_HOSTS: bad }))).toThrow(/CSP_FRAME_HOSTS.*must be https origins/);
    }
    expect(() => loadConfig(gatewayEnvSchema, testEnv({ VIDEO_PROVIDER_IFRAME_URL: 'https://{kodikId}.example/{episode}' }))).toThrow(
      /VIDEO_PROVIDER_IFRAME_URL: the host must not contain placeholders/,
    );
  });
});
