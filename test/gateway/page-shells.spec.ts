import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { AnimeDetails, AnimeSummary } from '@portal/contracts';
import { type CatalogueStack, startCatalogueStack } from '../catalogue/catalogue-test-kit';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { BROWSER, escapedHtml, INDEX_HTML } from '../support/web-pages';

// The real template: the shells are drawn between its page markers.
const [BEFORE_PAGE, AFTER_PAGE] = [
  INDEX_HTML.slice(0, INDEX_HTML.indexOf('<!--page-->')),
  INDEX_HTML.slice(INDEX_HTML.indexOf('<!--/page-->') + '<!--/page-->'.length),
];
// The web client keeps this cookie while it holds a session (libs/contracts/src/auth/session-hint.ts).
const SIGNED_IN = { ...BROWSER, cookie: 'theme=dark; portal_session=1' }; // the hint of clients before it carried the token

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

/** The <img>s of the page's posters, in order: src and whether it loads at once with high priority. */
function posters(html: string): { src: string; alt: string; eager: boolean }[] {
  return [
    ...html.matchAll(
      /<img class="poster__img" src="([^"]*)" alt="([^"]*)" width="200" height="300" (loading="eager" fetchpriority="high"|loading="lazy") decoding="async">/g,
    ),
  ].map(([, src, alt, loading]) => ({ src, alt, eager: loading.includes('eager') }));
}

describe('the gateway: catalogue pages drawn into index.html (the LCP poster before any script)', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'portal-shells-'));
  let stack: CatalogueStack;
  let admin: RegisteredUser;
  // Spied before the gateway starts, so the shell's own compressions are counted.
  const brotli = jest.spyOn(zlib, 'brotliCompressSync');

  const page = async (path: string, headers: Record<string, string> = SIGNED_IN): Promise<Page> => {
    const res = await fetch(`${stack.gateway.url}${path}`, { headers });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const apiData = async <T>(path: string): Promise<T> => (await stack.api.get(path)).body.data as T;

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    // What is drawn is the subject here, not how fast: a loaded machine's first answers may take over the default second.
    stack = await startCatalogueStack('shells', { env: { WEB_DIST_DIR: webDist, PAGE_SHELL_DEADLINE_MS: '30000' } });
    admin = await stack.admin();
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    brotli.mockRestore();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('/anime/:id: the title poster the page shows (same URL, eager, high priority) and its name, inside index.html', async () => {
    const anime = await apiData<AnimeDetails>('/api/anime/20');
    const { status, headers, html } = await page('/anime/20');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-encoding')).toBe('br');
    expect(headers.get('cache-control')).toBe('private, no-cache');
    // No shared cache may give another visitor this page: it depends on the session hint cookie.
    expect(headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(html.startsWith(BEFORE_PAGE)).toBe(true);
    expect(html.endsWith(AFTER_PAGE)).toBe(true);
    expect(html).not.toContain('Загрузка страницы');
    expect(posters(html)).toEqual([{ src: escapedHtml(anime.poster), alt: escapedHtml(`Постер «${anime.title}»`), eager: true }]);
    expect(html).toContain(`<div class="anime-page__hero"><div class="anime-page__poster"><span class="poster"><img`);
    expect(html).toContain(`<h1 class="anime-page__title">${escapedHtml(anime.title)}</h1>`);
  });

  it('/catalog: the first cards of the list the page asks for first, in its order, the first two eager', async () => {
    const items = await apiData<AnimeSummary[]>('/api/anime?limit=24&page=1&sort=popularity');
    expect(items.length).toBeGreaterThan(6);
    const { html } = await page('/catalog');
    expect(posters(html)).toEqual(items.slice(0, 6).map((anime, index) => ({ src: escapedHtml(anime.poster), alt: '', eager: index < 2 })));
    for (const anime of items.slice(0, 6)) expect(html).toContain(`<a class="anime-card__link" href="/anime/${anime.id}">`);
    expect(html).toContain('<ul class="anime-grid"><li class="anime-grid__item"><article class="anime-card">');
    expect(html).toContain('<h1 class="catalogue-page__title">Каталог аниме</h1>');
  });

  it('/: the «Популярное» row the home page shows first, the first three eager', async () => {
    const items = await apiData<AnimeSummary[]>('/api/anime/popular?limit=12');
    const { html } = await page('/');
    expect(posters(html)).toEqual(items.slice(0, 6).map((anime, index) => ({ src: escapedHtml(anime.poster), alt: '', eager: index < 3 })));
    expect(html).toContain('<h2 class="catalogue-section__title">Популярное</h2></div><ul class="anime-row"><li><article class="anime-card">');
  });

  it("/watch/:id/:episode: the player's box with the title's art (the image the player shows until the video starts), the heading and the way back", async () => {
    const anime = await apiData<AnimeDetails>('/api/anime/20');
    const { html } = await page('/watch/20/3');
    expect(posters(html)).toEqual([]);
    expect(html).toContain(
      `<div class="player"><img class="player__poster" src="${escapedHtml(anime.poster)}" alt="" loading="eager" fetchpriority="high" decoding="async"></div>`,
    );
    expect(html).toContain(`<h1 class="player-page__title">${escapedHtml(anime.title)} — серия 3</h1>`);
    expect(html).toContain(`<a href="/anime/20">← ${escapedHtml(anime.title)}</a>`);
    // The same API answer draws /anime/20 and every episode: each page is its own.
    expect((await page('/watch/20/4')).html).toContain('— серия 4</h1>');
    expect(posters((await page('/anime/20')).html)).toHaveLength(1);
  });

  it('answers a guest (no session hint: the pages show the sign-in prompt) the plain index.html', async () => {
    for (const headers of [BROWSER, { ...BROWSER, cookie: 'portal_session=0; other=portal_session=1' }]) {
      for (const path of ['/', '/catalog', '/anime/20', '/watch/20/1']) expect((await page(path, headers)).html).toBe(INDEX_HTML);
    }
  });

  it('answers the plain index.html where no first screen can be drawn: filters, unknown or malformed ids, other routes', async () => {
    for (const path of ['/catalog?genre=comedy', '/anime/999999999', '/anime/abc', '/anime/20/review/1', '/watch/20/abc', '/watch/abc/1', '/news']) {
      const { status, html } = await page(path);
      expect({ path, status, html }).toEqual({ path, status: 200, html: INDEX_HTML });
    }
  });

  it('escapes what the catalogue holds, and draws the title again once it changes', async () => {
    const hostile = `</h1><script>alert("x")</script><img src=x onerror=alert(1)> & 'кавычки'`;
    const res = await stack.api.patch('/api/anime/20', { title: hostile }, { token: admin.token });
    expect(res.status).toBe(200);
    const { html } = await page('/anime/20');
    expect(html).toContain(`<h1 class="anime-page__title">${escapedHtml(hostile)}</h1>`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('onerror=alert(1)>');
    expect(posters(html)[0].alt).toBe(escapedHtml(`Постер «${hostile}»`));
  });

  it('compresses a page once while the API answer under it stays the same', async () => {
    const first = await page('/anime/1535');
    const calls = brotli.mock.calls.length;
    const again = await page('/anime/1535');
    expect(again.html).toBe(first.html);
    expect(brotli.mock.calls.length).toBe(calls);
  });

  it('answers the plain index.html when the catalogue does not answer (the page then shows its own error state)', async () => {
    // A title of the fixture no test here has asked for, so no answer of it is cached.
    const UNREQUESTED_ID = 9253;
    expect(await stack.db.query('SELECT 1 FROM catalogue.anime WHERE id = $1', [UNREQUESTED_ID])).toHaveLength(1);
    await stack.catalogue.close();
    const { status, html } = await page(`/anime/${UNREQUESTED_ID}`);
    expect(status).toBe(200);
    expect(html).toBe(INDEX_HTML);
  });
});
