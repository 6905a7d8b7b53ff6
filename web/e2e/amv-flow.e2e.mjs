#!/usr/bin/env node
// AMV clips and the personal AMV playlist in a browser (issue #16).
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/amv-flow.e2e.mjs
// The admin (an existing account with admin rights: register it, then `npm run admin -- <email>`)
// uploads a short MP4 made with the repository's ffmpeg (POST /api/amv/upload, then POST /api/amv);
// a viewer finds it by its letter and by a misspelled search, plays it, adds it and the two sample AMVs
// of `npm start` to the playlist, reorders them by keyboard and by dragging, and plays the list through.
// One line per step; exit 1 on failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir, skipWithoutSampleVideo } from './lib/browser.mjs';
import { adminCredentialsFromEnv, apiClient, registerAccount, signIn, signInThroughApi } from './lib/accounts.mjs';

skipWithoutSampleVideo('amv-flow');

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();
const suffix = runSuffix();
const step = createStepper();
const api = apiClient(BASE_URL);
const TITLE = `Дракон над городом ${suffix}`;
const MISSPELLED = `дрокон над гародом ${suffix}`;
/** Two sample AMVs that npm start registers (scripts/lib/samples-amv.mjs). */
const SAMPLES = [
  { title: 'Neon Genesis Beat', letter: 'N' },
  { title: '7 самураев: ритм', letter: '#' },
];

/** A 2-second MP4 (test pattern and tone) made with the ffmpeg the sample generator uses. */
function makeClip() {
  const { findFfmpeg, toolEnv } = createRequire(import.meta.url)('../../scripts/lib/ffmpeg.cjs');
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error('no ffmpeg to make the clip with');
  const dir = mkdtempSync(join(tmpdir(), 'amv-flow-'));
  const file = join(dir, 'clip.mp4');
  const { status, stderr } = spawnSync(
    ffmpeg.path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=15:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=550:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      file,
    ],
    { env: toolEnv(ffmpeg), encoding: 'utf8' },
  );
  if (status !== 0) throw new Error(`ffmpeg: ${stderr}`);
  const content = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return content;
}

const listOf = (page) => page.getByRole('list', { name: 'AMV в плейлисте' });
const playlistTitles = async (page) => (await listOf(page).getByRole('link').allTextContents()).map((text) => text.trim());

/** Waits until the page's <video> has played past `seconds` (starting it if autoplay was refused). */
async function playsPast(page, seconds) {
  await page.waitForFunction(() => (globalThis.document.querySelector('video')?.readyState ?? 0) >= 2, null, { timeout: 30_000 });
  if (await page.evaluate(() => globalThis.document.querySelector('video')?.paused)) {
    await page.evaluate(() => globalThis.document.querySelector('video')?.play());
  }
  await page.waitForFunction((target) => (globalThis.document.querySelector('video')?.currentTime ?? 0) > target, seconds, { timeout: 30_000 });
}

await runBrowserFlow('amv-flow', step, async (newContext) => {
  const page = await (await newContext()).newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let amv;

  await step(`the admin uploads an MP4 and publishes it as «${TITLE}»`, async () => {
    const token = await signInThroughApi(BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new Blob([makeClip()], { type: 'video/mp4' }), 'clip.mp4');
    const response = await fetch(`${BASE_URL}/api/amv/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const uploaded = await response.json();
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${uploaded.message}`);
    amv = await api('/amv', {
      method: 'POST',
      token,
      body: {
        title: TITLE,
        author: 'Браузерный тест',
        musicArtist: 'Генератор',
        musicTrack: 'Тон 550 Гц',
        durationSeconds: 2,
        tags: ['тест'],
        video: { uploadId: uploaded.data.uploadId },
      },
    });
    return amv.id;
  });

  await step('the two sample AMVs of npm start are there', async () => {
    for (const sample of SAMPLES) {
      const { items } = await api(`/amv/search?q=${encodeURIComponent(sample.title)}`);
      if (!items.some((item) => item.title === sample.title)) throw new Error(`no sample AMV «${sample.title}» (npm start makes them with ffmpeg)`);
    }
  });

  const viewer = await registerAccount(BASE_URL, 'amv', suffix);
  await step(`sign in as ${viewer.username}`, () => signIn(page, BASE_URL, viewer));

  await step('/amv: the letter «Д» lists the new clip', async () => {
    await page.goto(`${BASE_URL}/amv`);
    await page.getByRole('heading', { level: 1, name: 'AMV' }).waitFor();
    await page.getByRole('navigation', { name: 'Первая буква названия' }).getByRole('button', { name: 'Д', exact: true }).click();
    await page.waitForURL(/letter=%D0%94|letter=Д/);
    await page.getByRole('link', { name: TITLE }).first().waitFor();
  });

  await step(`a misspelled search («${MISSPELLED}») finds it too`, async () => {
    await page.getByRole('navigation', { name: 'Первая буква названия' }).getByRole('button', { name: 'Все', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Поиск AMV' }).fill(MISSPELLED);
    await page.waitForURL(/search=/);
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.waitForURL(`**/amv/${amv.id}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  });

  await step('it plays, and the view is counted', async () => {
    await page.getByLabel('Плеер AMV').waitFor();
    await playsPast(page, 0.5);
    await page.screenshot({ path: join(screenshotDir, 'amv-detail-1280.png') });
    const counted = await api(`/amv/${amv.id}`);
    if (counted.views < 1) throw new Error(`views: ${counted.views}`);
  });

  await step('«В плейлист» adds it', async () => {
    await page.getByRole('button', { name: 'В плейлист', exact: true }).click();
    await page.getByRole('button', { name: 'В плейлисте ✓' }).waitFor();
  });

  for (const sample of SAMPLES) {
    await step(`the sample «${sample.title}» is found by its letter «${sample.letter}» and added`, async () => {
      await page.goto(`${BASE_URL}/amv?letter=${encodeURIComponent(sample.letter)}`);
      await page.getByRole('link', { name: sample.title, exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: sample.title }).waitFor();
      await page.getByRole('button', { name: 'В плейлист', exact: true }).click();
      await page.getByRole('button', { name: 'В плейлисте ✓' }).waitFor();
    });
  }

  await step("the account menu's «Мой AMV плейлист» leads to the playlist, in the order added", async () => {
    await page.getByRole('button', { name: /^Меню аккаунта / }).click();
    await page.getByRole('menuitem', { name: 'Мой AMV плейлист' }).click();
    await page.waitForURL('**/my-amv-playlist');
    await listOf(page).waitFor();
    const titles = await playlistTitles(page);
    if (titles.join('|') !== [TITLE, ...SAMPLES.map((sample) => sample.title)].join('|')) throw new Error(`order: ${titles.join(', ')}`);
  });

  await step('the keyboard moves the last clip up (announced), and the order is saved', async () => {
    const last = SAMPLES[1].title;
    await page.getByRole('button', { name: `Перетащить «${last}» (или стрелки вверх и вниз)` }).focus();
    await page.keyboard.press('ArrowUp');
    await page
      .getByRole('status')
      .filter({ hasText: `«${last}»: место 2 из 3` })
      .waitFor();
    await page.waitForFunction(
      async ({ url, token, expected }) => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        const { data } = await response.json();
        return data.items.map((item) => item.title).join('|') === expected;
      },
      { url: `${BASE_URL}/api/users/me/amv-playlist`, token: viewer.token, expected: [TITLE, SAMPLES[1].title, SAMPLES[0].title].join('|') },
    );
  });

  await step('dragging the first clip to the bottom reorders the list', async () => {
    const handle = page.getByRole('button', { name: `Перетащить «${TITLE}» (или стрелки вверх и вниз)` });
    const rows = listOf(page).getByRole('listitem');
    const from = await handle.boundingBox();
    const to = await rows.nth(2).boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(
      (expected) => [...globalThis.document.querySelectorAll('ol.amv-playlist__items a')].map((link) => link.textContent.trim()).join('|') === expected,
      [SAMPLES[1].title, SAMPLES[0].title, TITLE].join('|'),
    );
    await page.screenshot({ path: join(screenshotDir, 'amv-playlist-1280.png') });
  });

  await step('«Играть по порядку» plays the list through, each next one starting by itself', async () => {
    const order = await playlistTitles(page);
    await page.getByRole('button', { name: 'Играть по порядку' }).click();
    for (const title of order) {
      await page.getByRole('heading', { name: `Сейчас играет: ${title}` }).waitFor();
      await playsPast(page, 0.2);
      // Seek close to the end, as a viewer skipping ahead would: the clip's end starts the next.
      await page.evaluate(() => {
        const video = globalThis.document.querySelector('video');
        if (Number.isFinite(video.duration)) video.currentTime = Math.max(0, video.duration - 0.3);
      });
    }
    await page.getByRole('status').filter({ hasText: 'Плейлист доигран' }).waitFor({ timeout: 30_000 });
  });

  await step('no script error on any page', async () => {
    if (errors.length) throw new Error(errors.join(' | '));
  });
});
