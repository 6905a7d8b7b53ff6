import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnimeDetails } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import { RELAXED_GATEWAY_LIMITS, type RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, DEATH_NOTE, NARUTO, startCommunityStack } from '../community/community-test-kit';
import { startGateway } from '../support/test-apps';
import { BROWSER, escapedHtml, INDEX_HTML } from '../support/web-pages';

/** The cookie the web client keeps while it holds a session: the session's token (libs/contracts/src/auth/session-hint.ts). */
const hintOf = (token: string) => ({ ...BROWSER, cookie: `theme=dark; portal_session=${token}` });

/** The «Продолжить просмотр» cards of a page: where each leads, its poster and whether it loads at once. */
function continueCards(html: string) {
  return [
    ...html.matchAll(
      /<a class="continue-card" href="([^"]*)" aria-label="[^"]*"><span class="continue-card__poster"><span class="poster"><img class="poster__img" src="([^"]*)" alt="" width="200" height="300" (loading="eager" fetchpriority="high"|loading="lazy")/g,
    ),
  ].map(([, href, src, loading]) => ({ href, src, eager: loading.includes('eager') }));
}

/**
 * The home page's shell for a signed-in viewer (issue #13, LCP): their own «Продолжить просмотр» row is
 * the page's first, drawn from the token the session hint cookie carries, for them alone.
 */
describe("the gateway: the home page drawn with the viewer's «Продолжить просмотр» row", () => {
  const webDist = mkdtempSync(join(tmpdir(), 'portal-home-shell-'));
  let stack: CommunityStack;
  let viewer: RegisteredUser;
  let other: RegisteredUser;

  const home = async (headers: Record<string, string>) => {
    const res = await fetch(`${stack.gatewayUrl}/`, { headers });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    // What is drawn is the subject here, not how fast: a loaded machine's first answers may take over the default second.
    stack = await startCommunityStack('homeshell', { env: { WEB_DIST_DIR: webDist, PAGE_SHELL_DEADLINE_MS: '30000' } });
    [viewer, other] = await stack.users(2);
    for (const [animeId, episode, position] of [
      [DEATH_NOTE.id, 3, 754],
      [NARUTO.id, 12, 65],
    ]) {
      const saved = await stack.api.post('/api/progress', { animeId, episode, position }, { token: viewer.token });
      expect(saved.status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("draws the viewer's row first, in the order the page shows it, the first two posters eager, answered as private", async () => {
    const continuing = (await stack.api.get('/api/progress/continue?limit=12', { token: viewer.token })).body.data as Array<{
      animeId: number;
      episode: number;
      anime: AnimeDetails;
    }>;
    expect(continuing.map((item) => item.animeId)).toEqual([NARUTO.id, DEATH_NOTE.id]);
    const { status, headers, html } = await home(hintOf(viewer.token));
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-cache');
    expect(continueCards(html)).toEqual(
      continuing.map((item, index) => ({ href: `/watch/${item.animeId}/${item.episode}`, src: escapedHtml(item.anime.poster), eager: index < 2 })),
    );
    expect(html).toContain('<h2 class="continue-watching__title">Продолжить просмотр</h2>');
    expect(html).toContain('<span class="continue-card__meta">Серия 12 · 1:05');
    // The row comes before «Популярное», inside the home page.
    expect(html.indexOf('continue-watching')).toBeGreaterThan(html.indexOf('<div class="page home-page">'));
    expect(html.indexOf('continue-watching')).toBeLessThan(html.indexOf('Популярное'));
  });

  it("gives each viewer their own row: another viewer, right after, gets none of the first one's", async () => {
    expect(continueCards((await home(hintOf(viewer.token))).html)).toHaveLength(2);
    const { html } = await home(hintOf(other.token));
    expect(continueCards(html)).toEqual([]);
    expect(html).not.toContain('continue-watching');
    expect(html).toContain('Популярное');
  });

  it('draws the shared page for a session it cannot use: a forged token, or the hint of older clients', async () => {
    const forged = `${viewer.token.split('.').slice(0, 2).join('.')}.c2lnbmF0dXJl`;
    for (const cookie of [hintOf(forged), { ...BROWSER, cookie: 'portal_session=1' }]) {
      const { status, html } = await home(cookie);
      expect(status).toBe(200);
      expect(continueCards(html)).toEqual([]);
      expect(html).toContain('Популярное');
    }
  });

  it("leaves the viewer's row to the client when its answer is later than PAGE_SHELL_DEADLINE_MS", async () => {
    const hasty = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...stack.env, WEB_DIST_DIR: webDist, PAGE_SHELL_DEADLINE_MS: '1' });
    try {
      const res = await fetch(`${hasty.url}/`, { headers: hintOf(viewer.token) });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root">');
      expect(continueCards(html)).toEqual([]);
    } finally {
      await hasty.close();
    }
  });

  it("escapes what the viewer's titles hold", async () => {
    const admin = await stack.admin();
    const hostile = `</span><script>alert("x")</script>`;
    expect((await stack.api.patch(`/api/anime/${DEATH_NOTE.id}`, { title: hostile }, { token: admin.token })).status).toBe(200);
    // The community service learns of the new title from the catalogue's event.
    const html = await waitFor(async () => {
      const page = (await home(hintOf(viewer.token))).html;
      return page.includes(`<span class="continue-card__title">${escapedHtml(hostile)}</span>`) ? page : null;
    }, 15_000);
    expect(html).not.toContain('<script>alert');
  });
});
