#!/usr/bin/env node
// Browser test of the catalogue against a running portal with the full catalogue imported:
// home rows and posters, the catalogue's filters and empty state, search with autocomplete chosen by
// keyboard, the anime page, and an admin's rename that shows at once on the page and in the lists.
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/catalogue-flow.e2e.mjs
// The admin account must exist already (register it, then `npm run admin -- <email>`). The edited
// title is put back as it was found, also when a later step fails.
// Drives Debian's Chromium through playwright-core (no browser download), prints one line per
// step, saves screenshots at 375 px and 1280 px into artifacts/screenshots/, exits 1 on any failure.
import { join } from 'node:path';
import { adminCredentialsFromEnv } from './lib/accounts.mjs';
import { baseUrlFromEnv, createStepper, runBrowserFlow, screenshotDir } from './lib/browser.mjs';

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();

// Catalogue id 20 is Naruto: 220 episodes, in the home page's popular row on the full catalogue.
// Its «Название» and «Название на русском» are both «Наруто»: the anime page shows the Russian one,
// cards and suggestions the main one, so a rename writes both (and so does putting it back).
const NARUTO = { id: 20, title: 'Наруто', episodes: '220 серий', genres: ['Экшен', 'Комедия', 'Боевые искусства', 'Сёнэн', 'Супер сила'] };
const EDITED_TITLE = `${NARUTO.title} (e2e)`;
const SEARCH_TYPO = 'нарута';
const NONSENSE = 'щщыйцук-нет-такого-аниме';
const GENRE = { slug: 'martial-arts', name: 'Боевые искусства' };

const step = createStepper();
/** Generated posters the gateway did not serve ("404 /api/anime/1/poster.svg?v=…"), to explain a blank poster. */
const posterFailures = [];
/** Matches the whole text, so «Наруто» does not match «Наруто (e2e)». */
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const cardLink = (scope, title) => scope.getByRole('link', { name: `Открыть страницу аниме «${title}»`, exact: true });

/**
 * Waits until every poster <img> in view has settled: loaded, or swapped to its generated fallback and
 * loaded (the real poster hosts are unreachable here, so that is the usual path). A generated poster
 * the gateway fails to serve turns into PosterImage's blank placeholder, which is not a broken image:
 * those are counted (with the failed answers) in the step's line instead of failing it.
 */
async function assertPostersSettled(page, scope = 'main') {
  const settled = await page
    .waitForFunction(
      (scope) => {
        const inView = (element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < globalThis.innerHeight && box.left < globalThis.innerWidth;
        };
        const images = [...globalThis.document.querySelectorAll(`${scope} .poster__img`)].filter(inView);
        const blank = [...globalThis.document.querySelectorAll(`${scope} .poster--blank`)].filter(inView).length;
        if (images.length + blank === 0 || !images.every((img) => img.complete && img.naturalWidth > 0)) return false;
        return { count: images.length + blank, fallback: images.filter((img) => new URL(img.src).pathname.endsWith('/poster.svg')).length, blank };
      },
      scope,
      { timeout: 15_000, polling: 100 },
    )
    .then((handle) => handle.jsonValue())
    .catch(async () => {
      const broken = await page.evaluate(
        (scope) =>
          [...globalThis.document.querySelectorAll(`${scope} .poster__img`)].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
        scope,
      );
      throw new Error(`posters did not settle; broken images: ${broken.slice(0, 3).join(', ') || 'none (still loading)'}`);
    });
  return settled;
}

/** "18 posters in view, 18 of them generated" (+ the blank placeholders and why). */
function describePosters({ count, fallback, blank }) {
  const text = `${count} posters in view, ${fallback} on the generated /api/anime/{id}/poster.svg`;
  return blank ? `${text}, ${blank} blank (the gateway answered ${posterFailures.slice(-3).join(', ') || '?'})` : text;
}

/** Screenshots at 1280 px and 375 px, once `ready()` (which may describe what it saw) has passed at each width. */
/**
 * The first `selector` image on the page once it has loaded: its URL and where it is drawn in the main
 * area (from the main area's top: the signed-in header grows a row on a phone once React draws it).
 */
async function firstLoadedPoster(page, selector) {
  const handle = await page.waitForFunction(
    (selector) => {
      const img = globalThis.document.querySelector(selector);
      if (!img?.complete || img.naturalWidth === 0) return false;
      const { x, y, width, height } = img.getBoundingClientRect();
      const mainTop = globalThis.document.querySelector('main').getBoundingClientRect().top;
      return { src: img.src, box: { x, y: y - mainTop, width, height } };
    },
    selector,
    { timeout: 15_000, polling: 100 },
  );
  return handle.jsonValue();
}

async function screenshots(page, name, ready) {
  const seen = [];
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ]) {
    await page.setViewportSize({ width, height });
    const detail = await ready();
    if (typeof detail === 'string') seen.push(`${width} px: ${detail}`);
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return seen.join('; ');
}

/**
 * After a failure between the two renames: puts both names of the title back through the API with the
 * signed-in admin's token, and reads them back (a write may be stored even when its answer is an error).
 */
async function putBack(page) {
  const original = { title: NARUTO.title, titleRu: NARUTO.title };
  try {
    const result = await page.evaluate(
      async ({ id, original }) => {
        const statuses = [];
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const response = await fetch(`/api/anime/${id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${globalThis.localStorage.getItem('token')}` },
            body: JSON.stringify(original),
          });
          statuses.push(response.status);
          // A query of its own, so no cached answer of the gateway can stand in for the stored row.
          const { data } = await (await fetch(`/api/anime/${id}?fresh=${Date.now()}`)).json();
          if (data.title === original.title && data.titleRu === original.titleRu) return { statuses, restored: true };
        }
        return { statuses, restored: false };
      },
      { id: NARUTO.id, original },
    );
    return `${result.restored ? 'put' : 'could NOT put'} the names of ${NARUTO.id} back to «${NARUTO.title}» through the API (PATCH answered ${result.statuses.join(', ')})`;
  } catch (error) {
    return `could NOT put the names of ${NARUTO.id} back to «${NARUTO.title}»: ${error instanceof Error ? error.message.split('\n')[0] : error}`;
  }
}

await runBrowserFlow('catalogue-flow', step, async (newContext) => {
  const context = await newContext();
  const page = await context.newPage();
  // Script errors fail the flow. Network noise does not: the real poster hosts are unreachable here
  // ("Failed to load resource"), and a socket that cannot connect retries; those are listed instead.
  const consoleErrors = [];
  const networkErrors = new Map();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/^Failed to load resource/.test(text)) return;
    if (/^WebSocket connection to /.test(text)) {
      const key = text.replace(/\?.*?(?=' failed)/, '');
      networkErrors.set(key, (networkErrors.get(key) ?? 0) + 1);
    } else consoleErrors.push(text);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  // The client retries a failed read once, so a server error may not show: it is listed in the last step.
  const serverErrors = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().includes('/poster.svg'))
      posterFailures.push(`${response.status()} ${response.url().slice(BASE_URL.length)}`);
    if (response.status() >= 500 && response.url().startsWith(`${BASE_URL}/api/`))
      serverErrors.push(`${response.status()} ${response.url().slice(BASE_URL.length)}`);
  });

  const popularRow = page.getByRole('list', { name: 'Популярное', exact: true });
  const heading = page.getByRole('heading', { level: 1 });
  const editDialog = page.getByRole('dialog', { name: 'Редактирование аниме' });
  const textFilter = page.getByLabel('Фильтр по названию');
  const count = page.locator('.catalogue-page__count');
  const catalogueList = page.getByRole('list', { name: 'Каталог аниме', exact: true });
  const search = page.getByRole('combobox', { name: 'Поиск аниме' });
  const suggestions = page.getByRole('listbox', { name: 'Подсказки' }).getByRole('option');
  const suggestion = (title) => suggestions.filter({ has: page.locator('.search__option-title', { hasText: exactly(title) }) });
  const titled = (title) => heading.filter({ hasText: exactly(title) });
  let edited = false;

  /** Renames the title in «Редактировать» (both names, see NARUTO above) and checks the page at once. */
  const rename = async (value) => {
    await page.getByRole('button', { name: 'Редактировать', exact: true }).click();
    await editDialog.waitFor();
    await editDialog.getByLabel('Название', { exact: true }).fill(value);
    await editDialog.getByLabel('Название на русском', { exact: true }).fill(value);
    await editDialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
    // Either the dialog closes (saved) or it shows an error; the other wait ends by itself.
    const outcome = await Promise.race([
      editDialog.waitFor({ state: 'hidden' }).then(
        () => 'saved',
        () => 'timeout',
      ),
      editDialog
        .getByRole('alert')
        .first()
        .waitFor()
        .then(
          () => 'error',
          () => 'timeout',
        ),
    ]);
    if (outcome !== 'saved' && (await editDialog.isVisible())) {
      const problem = (await editDialog.getByRole('alert').allTextContents()).join(' / ');
      throw new Error(`the dialog stays open after «Сохранить»${problem ? `: ${problem}` : ''} (${serverErrors.slice(-1)[0] ?? 'no server error seen'})`);
    }
    await titled(value)
      .waitFor({ timeout: 1_000 })
      .catch(async () => {
        throw new Error(`the page shows «${await heading.textContent()}» instead of «${value}»`);
      });
  };

  try {
    await step(`sign in as the admin ${ADMIN_EMAIL} on /login`, async () => {
      await page.goto(`${BASE_URL}/login`);
      const form = page.getByRole('form', { name: 'Вход' });
      await form.getByLabel('Email').fill(ADMIN_EMAIL);
      await form.getByLabel('Пароль').fill(ADMIN_PASSWORD);
      await form.getByRole('button', { name: 'Войти', exact: true }).click();
      await page.getByText('Вы успешно вошли в систему').waitFor();
      await page.waitForURL(`${BASE_URL}/`);
      await page.getByRole('button', { name: /^Меню аккаунта / }).waitFor();
    });

    await step('home: the popular row lists titles, every poster in view is loaded (no broken image)', async () => {
      await popularRow.getByRole('listitem').nth(11).waitFor();
      await cardLink(popularRow, NARUTO.title).waitFor();
      await page.getByRole('list', { name: 'Новинки', exact: true }).getByRole('listitem').first().waitFor();
      return describePosters(await assertPostersSettled(page));
    });

    await step('home screenshots at 1280 px and 375 px', () =>
      screenshots(page, 'home', async () => {
        await popularRow.waitFor();
        return describePosters(await assertPostersSettled(page));
      }),
    );

    let unfiltered = '';
    await step(`/catalog: the genre filter «${GENRE.name}» changes the URL and the results`, async () => {
      await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Каталог', exact: true }).click();
      await page.waitForURL(`${BASE_URL}/catalog`);
      await page.getByRole('heading', { name: 'Каталог аниме', level: 1 }).waitFor();
      await count.filter({ hasText: /Найдено/ }).waitFor();
      unfiltered = (await count.textContent()) ?? '';
      const genre = page.getByLabel('Жанр', { exact: true });
      await genre.locator(`option[value="${GENRE.slug}"]`).waitFor({ state: 'attached' });
      await genre.selectOption(GENRE.slug);
      await page.waitForURL((url) => url.pathname === '/catalog' && url.searchParams.get('genre') === GENRE.slug);
      await count
        .filter({ hasNotText: unfiltered })
        .filter({ hasText: /Найдено/ })
        .waitFor();
      const total = (text) => Number(text.replace(/\D/g, ''));
      const filtered = (await count.textContent()) ?? '';
      if (!(total(filtered) > 0 && total(filtered) < total(unfiltered))) throw new Error(`«${unfiltered}» became «${filtered}»`);
      await cardLink(catalogueList, NARUTO.title).waitFor();
      return `«${unfiltered}» -> «${filtered}»`;
    });

    await step('catalogue screenshots at 1280 px and 375 px', () =>
      screenshots(page, 'catalogue', async () => {
        await cardLink(catalogueList, NARUTO.title).waitFor();
        return describePosters(await assertPostersSettled(page));
      }),
    );

    await step('/catalog: a nonsense title filter shows the empty state; «Сбросить фильтры» brings the list back', async () => {
      await textFilter.fill(NONSENSE);
      await textFilter.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('text') === NONSENSE && url.searchParams.get('genre') === GENRE.slug);
      await page.getByRole('heading', { name: 'Ничего не найдено', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Сбросить фильтры' }).first().click();
      await page.waitForURL(`${BASE_URL}/catalog`);
      await count.filter({ hasText: unfiltered }).waitFor();
    });

    await step(`/catalog search: type «${SEARCH_TYPO}», choose «${NARUTO.title}» from the suggestions with the keyboard`, async () => {
      // The pointer stays where the last click left it; over the list it would highlight an option too.
      await page.mouse.move(0, 0);
      await search.pressSequentially(SEARCH_TYPO, { delay: 30 });
      const wanted = suggestion(NARUTO.title);
      await wanted.waitFor();
      const total = await suggestions.count();
      let presses = 0;
      while ((await wanted.getAttribute('aria-selected')) !== 'true' && presses < total) {
        await search.press('ArrowDown');
        presses += 1;
      }
      if ((await wanted.getAttribute('aria-selected')) !== 'true') throw new Error(`«${NARUTO.title}» is not highlighted after ${presses} × ArrowDown`);
      if ((await search.getAttribute('aria-activedescendant')) !== (await wanted.getAttribute('id')))
        throw new Error('aria-activedescendant does not name the highlighted option');
      const titles = await suggestions.locator('.search__option-title').allTextContents();
      await search.press('Enter');
      await page.waitForURL(`${BASE_URL}/anime/${NARUTO.id}`);
      return `suggestions: ${titles
        .slice(0, 3)
        .map((title) => `«${title}»`)
        .join(', ')}…; ${presses} × ArrowDown, Enter`;
    });

    await step(`/anime/${NARUTO.id} shows «${NARUTO.title}», «${NARUTO.episodes}», the genres in Russian and its poster`, async () => {
      await titled(NARUTO.title).waitFor();
      await page.locator('.anime-facts dd', { hasText: exactly(NARUTO.episodes) }).waitFor();
      const genres = await page.getByRole('list', { name: 'Жанры', exact: true }).getByRole('link').allTextContents();
      if (genres.join(', ') !== NARUTO.genres.join(', ')) throw new Error(`genres: ${genres.join(', ')}`);
      return describePosters(await assertPostersSettled(page, '.anime-page__poster'));
    });

    await step('anime page screenshots at 1280 px and 375 px', () =>
      screenshots(page, 'anime-page', async () => {
        await titled(NARUTO.title).waitFor();
        // The other features' parts of the page (watch button, lists, episodes) load lazily.
        await page.getByRole('heading', { level: 2, name: 'Серии', exact: true }).waitFor();
        await assertPostersSettled(page, '.anime-page__poster');
      }),
    );

    await step(
      `375 px, before any script: /catalog and /anime/${NARUTO.id} paint, loaded, the first poster the page then shows (same URL; on the anime page the same box in the main area)`,
      async () => {
        const found = [];
        // `rendered`: something only React draws, so the poster measured is no longer the shell's.
        for (const { path, poster, rendered: reactOnly, sameBox } of [
          { path: '/catalog', poster: '.anime-grid .poster__img', rendered: catalogueList, sameBox: false },
          // Last: the next steps go on from the anime page.
          {
            path: `/anime/${NARUTO.id}`,
            poster: '.anime-page__poster .poster__img',
            rendered: page.getByRole('list', { name: 'Жанры', exact: true }),
            sameBox: true,
          },
        ]) {
          const shellPage = await context.newPage();
          await shellPage.setViewportSize({ width: 375, height: 812 });
          // The gateway's page shell as a phone shows it while the script is still on its way.
          await shellPage.route(/\/assets\/.*\.js$/, (route) => route.abort());
          await shellPage.goto(`${BASE_URL}${path}`);
          const shell = await firstLoadedPoster(shellPage, poster);
          await shellPage.close();
          // The flow's page is drawn again only in front: a page left behind gets no animation frames.
          await page.bringToFront();
          await page.setViewportSize({ width: 375, height: 812 });
          await page.goto(`${BASE_URL}${path}`);
          await reactOnly.waitFor();
          const rendered = await firstLoadedPoster(page, poster);
          await page.setViewportSize({ width: 1280, height: 800 });
          if (rendered.src !== shell.src) throw new Error(`${path}: the shell shows ${shell.src}, the page ${rendered.src}`);
          const moved = ['x', 'y', 'width', 'height'].filter((side) => Math.abs(shell.box[side] - rendered.box[side]) > 1);
          if (sameBox && moved.length) throw new Error(`${path}: the poster moves from ${JSON.stringify(shell.box)} to ${JSON.stringify(rendered.box)}`);
          found.push(`${path}: ${shell.src.replace(BASE_URL, '')}`);
        }
        return found.join('; ');
      },
    );

    await step('1280×800: the floating chat button covers no text of the page (at the top, «Серии» at the bottom edge, the end)', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const episodes = page.getByRole('heading', { level: 2, name: 'Серии', exact: true });
      await episodes.waitFor();
      await page.getByRole('button', { name: /^Открыть чат/ }).waitFor();
      const covered = await page.evaluate(async () => {
        const doc = globalThis.document;
        const frame = () => new Promise((resolve) => globalThis.requestAnimationFrame(() => globalThis.requestAnimationFrame(resolve)));
        const heading = [...doc.querySelectorAll('main h2')].find((element) => element.textContent.trim() === 'Серии');
        const section = heading.closest('section') ?? heading;
        const launcher = doc.querySelector('.chat-launcher');
        const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        /** Text under the button: every text run of the main content and the footer, by its line boxes. */
        const textUnder = () => {
          const button = launcher.getBoundingClientRect();
          const found = [];
          for (const root of doc.querySelectorAll('main, footer')) {
            const walker = doc.createTreeWalker(root, globalThis.NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent.trim()) continue;
              const range = doc.createRange();
              range.selectNodeContents(node);
              if ([...range.getClientRects()].some((rect) => rect.width > 0 && overlaps(rect, button))) found.push(node.textContent.trim().slice(0, 40));
            }
          }
          return found;
        };
        const positions = {
          top: 0,
          // The section's title just above the button's top edge, and its last line at the viewport's bottom.
          'Серии at the bottom edge': globalThis.scrollY + section.getBoundingClientRect().bottom - globalThis.innerHeight,
          'Серии title at the button': globalThis.scrollY + heading.getBoundingClientRect().top - (launcher.getBoundingClientRect().top + 10),
          end: doc.documentElement.scrollHeight,
        };
        const result = [];
        for (const [name, y] of Object.entries(positions)) {
          globalThis.scrollTo(0, Math.max(0, y));
          await frame();
          const under = textUnder();
          if (under.length) result.push(`${name} (scrollY ${Math.round(globalThis.scrollY)}): ${under.map((text) => `«${text}»`).join(', ')}`);
        }
        globalThis.scrollTo(0, 0);
        return result;
      });
      if (covered.length) throw new Error(`the chat button covers text: ${covered.join('; ')}`);
    });

    await step(`«Редактировать»: rename to «${EDITED_TITLE}»; the page shows it at once`, async () => {
      edited = true;
      await rename(EDITED_TITLE);
      await page.getByText('Аниме обновлено').waitFor();
    });

    await step('the home row shows the new title (client-side navigation, no server restart)', async () => {
      await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Главная', exact: true }).click();
      await cardLink(popularRow, EDITED_TITLE).waitFor();
    });

    await step('after a full page load the home row and the suggestions show it too (gateway cache invalidated)', async () => {
      await page.reload();
      await cardLink(popularRow, EDITED_TITLE).waitFor();
      if (await cardLink(popularRow, NARUTO.title).count()) throw new Error(`the row still shows «${NARUTO.title}»`);
      await page.goto(`${BASE_URL}/catalog`);
      await search.pressSequentially(SEARCH_TYPO, { delay: 30 });
      await suggestion(EDITED_TITLE).waitFor();
    });

    await step(`rename it back to «${NARUTO.title}» (the data is left as found)`, async () => {
      await suggestion(EDITED_TITLE).click();
      await page.waitForURL(`${BASE_URL}/anime/${NARUTO.id}`);
      await titled(EDITED_TITLE).waitFor();
      await rename(NARUTO.title);
      edited = false;
      await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Главная', exact: true }).click();
      await cardLink(popularRow, NARUTO.title).waitFor();
    });

    await step('no script errors in the browser console', async () => {
      if (consoleErrors.length) throw new Error(`${consoleErrors.length} error(s), first: ${consoleErrors[0]}`);
      const notes = [...networkErrors].map(([text, times]) => `${times} × ${text}`);
      if (serverErrors.length) notes.push(`the API answered ${serverErrors.length} request(s) with a server error: ${serverErrors.join(', ')}`);
      return notes.length ? `noted: ${notes.join('; ')}` : '';
    });
  } finally {
    if (edited) console.log(`note: ${await putBack(page)}`);
  }
});
