#!/usr/bin/env node
// Browser test of lists and the TV mode: import a MyAnimeList export in /settings, see it in /profile
// under the right tabs with counts, export it back, then use /tv with the keyboard only.
//   BASE_URL=http://localhost:3000 node web/e2e/library-flow.e2e.mjs
// The fixture web/e2e/fixtures/mal-export-small.xml lists Naruto (20, watching), Death Note (1535,
// completed) and Shingeki no Kyojin (16498, plan to watch). The TV part plays title TV_ANIME_ID (default
// 20), which needs sample episodes (npm run media:samples). Drives Debian's Chromium through
// playwright-core, prints one line per step, saves screenshots into artifacts/screenshots/, exits 1 on
// any failure.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrlFromEnv, createStepper, hasSampleVideo, runBrowserFlow, runSuffix, screenshotDir } from './lib/browser.mjs';
import { apiClient, registerAccount, signIn } from './lib/accounts.mjs';

const BASE_URL = baseUrlFromEnv();
const TV_ANIME_ID = Number(process.env.TV_ANIME_ID ?? 20);
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'mal-export-small.xml');
/** MyAnimeList id → the tab it must be under after the import. */
const EXPECTED = [
  { id: 20, tab: 'Смотрю' },
  { id: 1535, tab: 'Просмотрено' },
  { id: 16498, tab: 'Запланировано' },
];
const suffix = runSuffix();
const step = createStepper();

const api = apiClient(BASE_URL);

/** The href of the focused element (a TV card or button), or its text. */
const focused = (page) =>
  page.evaluate(() => {
    const element = globalThis.document.activeElement;
    return { href: element?.getAttribute('href') ?? null, text: element?.textContent?.trim() ?? '' };
  });

await runBrowserFlow('library-flow', step, async (newContext) => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let account;
  let animeIds;

  await step('register an account and sign in through /login', async () => {
    account = await registerAccount(BASE_URL, 'lists', suffix);
    await signIn(page, BASE_URL, account);
    return account.username;
  });

  await step('import the MyAnimeList export in /settings and read the report', async () => {
    await page.goto(`${BASE_URL}/settings`);
    await page.getByLabel('Файл списка').setInputFiles(FIXTURE);
    await page.getByLabel('Формат файла').selectOption('mal');
    await page.getByRole('button', { name: 'Импортировать' }).click();
    const report = page.getByRole('region', { name: 'Импорт завершён' });
    await report.waitFor();
    const added = await report.locator('.import-report__count--imported dd').textContent();
    const skipped = await report.locator('.import-report__count--skipped dd').textContent();
    if (added?.trim() !== '3' || skipped?.trim() !== '0') throw new Error(`report: added ${added}, skipped ${skipped} (expected 3 and 0)`);
    await page.screenshot({ path: join(screenshotDir, 'settings-import-1280.png'), fullPage: true });
    return 'added 3, skipped 0';
  });

  await step('/profile shows each title under its status tab, with counts', async () => {
    // The catalogue ids of the three titles, as the list reports them.
    const list = await api('/users/anime?limit=100', { token: account.token });
    animeIds = Object.fromEntries(list.items.map((entry) => [entry.status, entry.animeId]));
    await page.goto(`${BASE_URL}/profile`);
    for (const { tab } of EXPECTED) {
      await page.getByRole('tab', { name: `${tab} 1` }).waitFor();
    }
    for (const { tab } of EXPECTED) {
      await page.getByRole('tab', { name: `${tab} 1` }).click();
      const entries = page.getByRole('list', { name: `Аниме: ${tab}` });
      await entries.waitFor();
      const count = await entries.getByRole('listitem').count();
      if (count !== 1) throw new Error(`tab ${tab}: ${count} entries, expected 1`);
    }
    await page.screenshot({ path: join(screenshotDir, 'profile-1280.png'), fullPage: true });
    return `tabs: ${EXPECTED.map(({ tab }) => `${tab} 1`).join(', ')}`;
  });

  await step('export MAL from /settings: the downloaded file lists the three titles', async () => {
    await page.goto(`${BASE_URL}/settings`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать для MyAnimeList (XML)' }).click()]);
    const path = await download.path();
    const xml = await readFile(path, 'utf8');
    const ids = [...xml.matchAll(/<series_animedb_id>(\d+)<\/series_animedb_id>/g)].map((match) => Number(match[1]));
    const missing = EXPECTED.filter(({ id }) => !ids.includes(id));
    if (missing.length) throw new Error(`the export lacks ${missing.map(({ id }) => id).join(', ')} (has ${ids.join(', ')})`);
    return `${download.suggestedFilename()}: ${ids.length} titles`;
  });

  await step('/tv: the keyboard alone reaches the title in "Смотрю" (arrows, no pointer)', async () => {
    await page.goto(`${BASE_URL}/tv`);
    await page.getByRole('list', { name: 'Популярное' }).waitFor();
    const target = `/tv/anime/${TV_ANIME_ID}`;
    await page.waitForFunction(() => globalThis.document.activeElement?.classList.contains('tv-card'));
    // Down to the next row and back up: the spatial navigation moves by layout.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    for (let moves = 0; moves < 40 && (await focused(page)).href !== target; moves += 1) {
      await page.keyboard.press(moves < 20 ? 'ArrowRight' : 'ArrowDown');
    }
    if ((await focused(page)).href !== target) throw new Error(`could not reach ${target} with the arrows`);
    await page.screenshot({ path: join(screenshotDir, 'tv-home-1280.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${target}`);
    return `${target} (Naruto is ${animeIds.watching === TV_ANIME_ID ? '' : 'not '}the imported "Смотрю" title)`;
  });

  if (!hasSampleVideo()) {
    console.log('# the TV player steps are skipped: no sample episodes (npm run media:samples)');
    return;
  }

  await step('/tv/anime: arrow to "Смотреть", Enter starts the player', async () => {
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => /^(Смотреть|Продолжить)/.test(globalThis.document.activeElement?.textContent ?? ''));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    const { text } = await focused(page);
    if (!/^(Смотреть|Продолжить)/.test(text)) throw new Error(`the focus is on "${text}", not "Смотреть"`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tv/watch/${TV_ANIME_ID}/*`);
    return text;
  });

  await step('the TV player plays; Enter on the focused «Пропустить опенинг» jumps past it, Enter pauses, → seeks, Back returns', async () => {
    await page.waitForFunction(() => (globalThis.document.querySelector('video')?.currentTime ?? 0) > 1, null, { timeout: 30_000 });
    await page.screenshot({ path: join(screenshotDir, 'tv-player-1280.png') });
    // Episode 1 opens with its opening and this new viewer skips nothing by itself: the button is offered.
    await page.waitForFunction(() => globalThis.document.activeElement?.textContent === 'Пропустить опенинг');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => globalThis.document.querySelector('video').currentTime >= 15);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => globalThis.document.querySelector('video')?.paused === true);
    const before = await page.evaluate(() => globalThis.document.querySelector('video').currentTime);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((from) => globalThis.document.querySelector('video').currentTime >= from + 9, before);
    await page.keyboard.press('Escape');
    await page.waitForURL(`**/tv/anime/${TV_ANIME_ID}`);
    if (errors.length) throw new Error(`page errors: ${errors.join(' | ')}`);
    return `opening skipped, paused at ${before.toFixed(1)} s, sought +10 s, back on /tv/anime/${TV_ANIME_ID}`;
  });
});
