import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningApp, startGateway } from '../support/test-apps';
import { INDEX_HTML } from '../support/web-pages';
import { ownRedisPrefix, RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';

/** The rules of one `User-agent: *` group, as `[field, value]` pairs in order. */
function rules(text: string): [string, string][] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
}

describe('the gateway: /robots.txt', () => {
  // With a built web client, so the SPA fallback would answer the path if nothing else did.
  const webDist = mkdtempSync(join(tmpdir(), 'portal-robots-'));
  let gateway: RunningApp;

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...ownRedisPrefix('robots'), WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await gateway?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers a plain-text robots.txt, not the web client’s page', async () => {
    const res = await fetch(`${gateway.url}/robots.txt`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text).not.toContain('<html');
    expect(rules(text)[0]).toEqual(['user-agent', '*']);
  });

  it('disallows the API, private and per-viewer pages, and leaves the public pages open', async () => {
    const text = await (await fetch(`${gateway.url}/robots.txt`)).text();
    const disallowed = rules(text)
      .filter(([field]) => field === 'disallow')
      .map(([, path]) => path);
    expect(disallowed).toEqual(
      expect.arrayContaining(['/api/', '/admin', '/profile', '/settings', '/orders', '/watch-party/', '/tv', '/uploads/', '/media/', '/login', '/register']),
    );
    // No rule may block a public page: each path below is outside every disallowed prefix.
    const blocks = (path: string) => disallowed.some((rule) => new RegExp(`^${rule.split('*').map(escapeRegExp).join('.*')}`).test(path));
    for (const page of [
      '/',
      '/catalog',
      '/anime/20',
      '/anime/20/review/1',
      '/watch/20/1',
      '/news',
      '/news/1',
      '/amv',
      '/quiz',
      '/quiz/1',
      '/rankings',
      '/characters',
      '/collections',
      '/genre/Экшен',
      '/user/someone',
      '/legal',
      '/about',
    ]) {
      expect([page, blocks(page)]).toEqual([page, false]);
    }
    expect(blocks('/quiz/1/edit')).toBe(true);
    expect(blocks('/watch-party/room-1')).toBe(true);
    expect(blocks('/tv/watch/20/1')).toBe(true);
  });

  it('leaves the SPA fallback in place for the client’s pages', async () => {
    const res = await fetch(`${gateway.url}/rankings`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
