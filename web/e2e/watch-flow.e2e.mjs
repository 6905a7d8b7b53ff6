#!/usr/bin/env node
// Browser test of watching: list status, rating, the player (skipped opening, resume), continue watching.
//   BASE_URL=http://localhost:3000 node web/e2e/watch-flow.e2e.mjs
// Needs a portal whose title ANIME_ID (default 20, Наруто) has sample episodes with an opening span.
// Drives Debian's Chromium through playwright-core, prints one line per step, saves screenshots at
// 375 px and 1280 px into artifacts/screenshots/, exits 1 on any failure.
import { join } from 'node:path';
import {
  baseUrlFromEnv,
  createStepper,
  launchChromium,
  runBrowserFlow,
  runSuffix,
  screenshotDir,
  skipWithoutSampleVideo,
  waitWithoutGesture,
} from './lib/browser.mjs';
import { apiClient, registerAccount, signIn } from './lib/accounts.mjs';

skipWithoutSampleVideo('watch-flow');

const BASE_URL = baseUrlFromEnv();
const ANIME_ID = Number(process.env.ANIME_ID ?? 20);
const suffix = runSuffix();
const step = createStepper();

const api = apiClient(BASE_URL);

/** The <video>'s current time, in seconds. */
const videoTime = (page) => page.evaluate(() => globalThis.document.querySelector('video')?.currentTime ?? -1);

await runBrowserFlow('watch-flow', step, async (newContext) => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let account;
  let opening;
  let leftAt = 0;

  await step('register an account and turn on "skip openings" (PUT /api/auth/profile)', async () => {
    account = await registerAccount(BASE_URL, 'watch', suffix);
    const user = await api('/auth/profile', { method: 'PUT', body: { skipOpening: true }, token: account.token });
    if (user.skipOpening !== true) throw new Error('the profile did not keep skipOpening');
    return account.username;
  });

  await step(`title ${ANIME_ID} has episodes with an opening span`, async () => {
    const { episodes } = await api(`/anime/${ANIME_ID}/episodes`);
    const first = episodes.find((episode) => episode.number === 1);
    if (!first) throw new Error(`title ${ANIME_ID} has no episode 1 (sample episodes missing?)`);
    if (!first.opening) throw new Error('episode 1 has no opening span');
    opening = first.opening;
    return `${episodes.length} episodes, opening ${opening.start}–${opening.end} s, source ${first.source.kind}`;
  });

  await step('sign in through /login', () => signIn(page, BASE_URL, account));

  await step('add the title to the list as "Смотрю"; it stays after a reload', async () => {
    await page.goto(`${BASE_URL}/anime/${ANIME_ID}`);
    const select = page.getByRole('combobox', { name: 'Мой список' });
    await select.selectOption({ label: 'Смотрю' });
    await page.getByText('Сохраняем...').waitFor({ state: 'hidden' });
    await page.reload();
    await page.waitForFunction(() => {
      const element = [...globalThis.document.querySelectorAll('select')].find((item) => item.value === 'watching');
      return Boolean(element);
    });
  });

  await step('rate it 8 of 10', async () => {
    // The control is disabled until the viewer's list entry has loaded (the input itself is hidden, hence force).
    await page.waitForFunction(() => globalThis.document.querySelector('fieldset.rating-control')?.disabled === false);
    await page.getByRole('radio', { name: 'Оценка 8 из 10' }).check({ force: true });
    await page.getByText(/Ваша оценка: 8/).waitFor();
  });

  await step('start episode 1 from "Смотреть"', async () => {
    await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
    await page.waitForURL(`**/watch/${ANIME_ID}/1`);
    await page.getByRole('region', { name: 'Видеоплеер' }).waitFor();
    await page.waitForFunction(() => (globalThis.document.querySelector('video')?.readyState ?? 0) >= 2);
    if (await page.evaluate(() => globalThis.document.querySelector('video')?.paused)) {
      await page.getByRole('button', { name: 'Смотреть', exact: true }).click();
    }
  });

  await step('the opening is skipped by itself (skipOpening is on)', async () => {
    // An opening that starts later than 0 s is reached by seeking to it, as a viewer would.
    if (opening.start > 0) await page.evaluate((start) => (globalThis.document.querySelector('video').currentTime = start + 0.5), opening.start);
    await page.getByText('Опенинг пропущен').waitFor();
    const time = await videoTime(page);
    if (time < opening.end) throw new Error(`the video is at ${time.toFixed(1)} s, inside the opening (ends at ${opening.end} s)`);
    return `at ${time.toFixed(1)} s`;
  });

  await step('watch a few seconds, then pause', async () => {
    const from = await videoTime(page);
    await page.waitForFunction((target) => (globalThis.document.querySelector('video')?.currentTime ?? 0) >= target, from + 3, { timeout: 30_000 });
    await page.keyboard.press('k');
    await page.waitForFunction(() => globalThis.document.querySelector('video')?.paused === true);
    leftAt = await videoTime(page);
    await page.screenshot({ path: join(screenshotDir, 'player-1280.png') });
    return `paused at ${leftAt.toFixed(1)} s`;
  });

  await step('hls.js demuxes in its own worker and buffers at most 30 s ahead (the main thread and data of a phone)', async () => {
    const worker = page.workers().find((candidate) => /\/assets\/hls\.worker-[\w-]+\.js$/.test(candidate.url()));
    if (!worker) throw new Error(`no hls.js worker running; workers: ${JSON.stringify(page.workers().map((candidate) => candidate.url()))}`);
    const { time, ahead, duration } = await page.evaluate(() => {
      const video = globalThis.document.querySelector('video');
      const ranges = Array.from({ length: video.buffered.length }, (_, index) => [video.buffered.start(index), video.buffered.end(index)]);
      const current = ranges.find(([start, end]) => start <= video.currentTime && video.currentTime <= end);
      return { time: video.currentTime, ahead: current ? current[1] - video.currentTime : 0, duration: video.duration };
    });
    // 30 s and the segment that crosses it (2 s); the sample episode is long enough to show more if let.
    if (ahead > 33 || time + 33 >= duration) throw new Error(`buffered ${ahead.toFixed(1)} s ahead at ${time.toFixed(1)} s of ${duration.toFixed(1)} s`);
    return `${ahead.toFixed(1)} s ahead at ${time.toFixed(1)} s of ${duration.toFixed(0)} s`;
  });

  await step('leave the page; the home page shows "Продолжить просмотр" with this episode', async () => {
    await page.goto(`${BASE_URL}/`);
    const row = page.getByRole('list', { name: 'Продолжить просмотр' });
    await row.locator(`a[href="/watch/${ANIME_ID}/1"]`).waitFor();
  });

  await step('come back: the player resumes at the same second (±1 s)', async () => {
    await page.getByRole('list', { name: 'Продолжить просмотр' }).locator(`a[href="/watch/${ANIME_ID}/1"]`).click();
    await page.getByText(/^Продолжаем с /).waitFor();
    await page.waitForFunction(() => (globalThis.document.querySelector('video')?.readyState ?? 0) >= 1);
    await page.waitForFunction((target) => Math.abs((globalThis.document.querySelector('video')?.currentTime ?? 0) - target) <= 1.5, leftAt);
    const time = await videoTime(page);
    // Playback may already have moved on since autoplay: compare against where it was resumed.
    if (time + 1 < Math.floor(leftAt) || time - 1.5 > leftAt) throw new Error(`resumed at ${time.toFixed(1)} s, left at ${leftAt.toFixed(1)} s`);
    return `left at ${leftAt.toFixed(1)} s, resumed at ${time.toFixed(1)} s`;
  });

  await step('the anime page offers "Продолжить: серия 1, …"', async () => {
    await page.keyboard.press('k');
    await page.goto(`${BASE_URL}/anime/${ANIME_ID}`);
    await page.getByRole('link', { name: /^Продолжить: серия 1, \d+:\d\d$/ }).waitFor();
  });

  await step('screenshots of the player at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${BASE_URL}/watch/${ANIME_ID}/1`);
    await page.getByRole('region', { name: 'Видеоплеер' }).waitFor();
    await page.screenshot({ path: join(screenshotDir, 'player-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await step('a phone\'s first visit to /watch (no autoplay before a tap): nothing of the stream loads until "Начать просмотр"', async () => {
    // Chrome on a phone refuses a video with sound before the page has had a tap; desktop Chromium may not.
    const phone = await launchChromium(['--autoplay-policy=document-user-activation-required']);
    try {
      // Signed in as the web client keeps a session.
      const phoneContext = await phone.newContext({
        storageState: { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: 'token', value: account.token }] }] },
      });
      const cold = await phoneContext.newPage();
      cold.on('pageerror', (error) => errors.push(error.message));
      const streamRequests = [];
      cold.on('request', (request) => {
        if (/\.(m3u8|ts)$|\/hls\./.test(new URL(request.url()).pathname)) streamRequests.push(request.url());
      });
      await cold.goto(`${BASE_URL}/watch/${ANIME_ID}/1`);
      await waitWithoutGesture(cold, `document.querySelector('button[aria-label="Начать просмотр"]')`);
      await cold.waitForLoadState('networkidle');
      const start = cold.getByRole('button', { name: 'Начать просмотр' });
      if (streamRequests.length) throw new Error(`loaded before play: ${streamRequests.join(', ')}`);
      await start.click();
      // Playing, not only resumed at a saved second: the time moves on.
      await cold.waitForFunction(
        () => {
          const video = globalThis.document.querySelector('video');
          return video?.paused === false && video.readyState >= 3;
        },
        null,
        { timeout: 30_000 },
      );
      const from = await videoTime(cold);
      await cold.waitForFunction((target) => (globalThis.document.querySelector('video')?.currentTime ?? 0) >= target, from + 1, { timeout: 30_000 });
      // Once playing, the buffer grows past the 6 s held before play (towards its 30 s).
      const ahead = await cold.waitForFunction(
        () => {
          const video = globalThis.document.querySelector('video');
          const end = video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0;
          return end - video.currentTime >= 12 ? end - video.currentTime : false;
        },
        null,
        { timeout: 30_000 },
      );
      return `no request before play; playing from ${from.toFixed(1)} s after it, ${(await ahead.jsonValue()).toFixed(1)} s buffered ahead, ${streamRequests.length} requests (hls.js, playlists, segments)`;
    } finally {
      await phone.close();
    }
  });

  await step('no script errors on the way', async () => {
    if (errors.length) throw new Error(errors.join('; '));
  });
});
