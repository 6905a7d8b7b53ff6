#!/usr/bin/env node
// Uploading, transcoding and publishing an episode in a browser (docs/media.md, «Uploading episodes»).
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/episode-upload-flow.e2e.mjs
// The admin (an existing account with admin rights: register it, then `npm run admin -- <email>`) makes
// a fresh user an uploader in the admin users screen. The uploader opens «Серии» from Naruto's page and
// uploads a 20 s MKV with two audio streams (made with the repository's ffmpeg) under the next free
// number, on a connection throttled with DevTools: paused and resumed, then cut off for 2 s, the upload
// continues where it stopped (tus). Once the server has transcoded it, the uploader publishes it; a fresh
// viewer plays it, and the public episode list gives its master playlist with both audio renditions. The episode is hidden again at the end
// (also when a step fails), so the public list is as it was; its number stays taken, and a rerun uploads
// the next one. One line per step; a screenshot of the «Серии» screen when a step fails; exit 1 on failure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir, skipWithoutSampleVideo } from './lib/browser.mjs';
import { adminCredentialsFromEnv, apiClient, registerAccount, signIn, signInThroughApi } from './lib/accounts.mjs';

skipWithoutSampleVideo('episode-upload-flow');

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();
const ANIME_ID = 20;
const suffix = runSuffix();
const step = createStepper();
const api = apiClient(BASE_URL);
const FILE_NAME = `naruto-e2e-${suffix}.mkv`;
const AUDIO = [
  { language: 'jpn', title: 'Оригинал', frequency: 440 },
  { language: 'rus', title: 'AniLibria', frequency: 660 },
];
/** The throttled connection of the upload, in bytes a second (DevTools' network emulation). */
const UPLOAD_THROUGHPUT = 1.5 * 1024 * 1024;
/** How long the server may take to transcode the 20 s source (one 360p rung, two audio renditions). */
const TRANSCODE_TIMEOUT_MS = 90_000;
const UPLOAD_FAILED = 'Не удалось загрузить файл. Проверьте соединение и попробуйте ещё раз.';
const isUploadRequest = (request, method) => request.method() === method && new URL(request.url()).pathname.startsWith('/api/episode-uploads/');

/** A 20 s 640×360 MKV: test pattern at 3 Mbit/s (so ~8 MB, seconds to upload when throttled) and two tagged tones. */
function makeSource() {
  const { findFfmpeg, toolEnv } = createRequire(import.meta.url)('../../scripts/lib/ffmpeg.cjs');
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error('no ffmpeg to make the source with');
  const dir = mkdtempSync(join(tmpdir(), 'episode-upload-flow-'));
  const file = join(dir, FILE_NAME);
  const audioInputs = AUDIO.flatMap(({ frequency }) => ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=20`]);
  const audioMaps = AUDIO.flatMap((_, index) => ['-map', `${index + 1}:a`]);
  const audioTags = AUDIO.flatMap(({ language, title }, index) => [
    `-metadata:s:a:${index}`,
    `language=${language}`,
    `-metadata:s:a:${index}`,
    `title=${title}`,
  ]);
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=20', ...audioInputs];
  args.push('-map', '0:v', ...audioMaps, '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '3M', '-pix_fmt', 'yuv420p');
  args.push('-c:a', 'aac', '-b:a', '128k', ...audioTags, '-shortest', file);
  const { status, stderr } = spawnSync(ffmpeg.path, args, { env: toolEnv(ffmpeg), encoding: 'utf8' });
  try {
    if (status !== 0) throw new Error(`ffmpeg: ${stderr}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A TCP relay to the portal for the uploader's browser, so that the flow can drop its connections for
 * real: DevTools' offline emulation (context.setOffline) refuses new requests but lets a request body
 * already being sent go on, so it alone never interrupts an upload. `cut()` closes every connection
 * and refuses new ones until `restore()`.
 */
async function startRelay(target) {
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  const sockets = new Set();
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(port, target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  // It ends with the flow's process.
  server.unref();
  return {
    origin: `${target.protocol}//localhost:${server.address().port}`,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
  };
}

const megabytes = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The upload's progress bar (its aria-valuenow, a whole per cent), or null while there is none. */
const uploadPercent = async (page) => {
  const value = await page
    .getByRole('progressbar', { name: 'Загрузка файла' })
    .getAttribute('aria-valuenow', { timeout: 1000 })
    .catch(() => null);
  return value === null ? null : Number(value);
};

/** Waits until the upload's bar shows at least `percent`. */
const uploadReaches = (page, percent, timeout = 30_000) =>
  page.waitForFunction(
    (target) => Number(globalThis.document.querySelector('[role="progressbar"][aria-label="Загрузка файла"]')?.getAttribute('aria-valuenow') ?? -1) >= target,
    percent,
    { timeout },
  );

await runBrowserFlow('episode-upload-flow', step, async (newContext) => {
  const adminPage = await (await newContext()).newPage();
  const uploaderContext = await newContext();
  const page = await uploaderContext.newPage();
  const errors = [];
  [adminPage, page].forEach((tab) => tab.on('pageerror', (error) => errors.push(error.message)));
  // The uploader's browser reaches the portal through the relay (the guest's and the admin's do not).
  const relay = await startRelay(new URL(BASE_URL));
  const UPLOADER_URL = relay.origin;
  let source;
  let uploader;
  let number;
  let uploadPath = null;
  let uploaded = false;
  let published = false;

  // The tus requests: the PATCHes that carry the file (each with the offset it continues from), and those that failed.
  const patches = [];
  const failedPatches = [];
  page.on('request', (request) => {
    if (!isUploadRequest(request, 'PATCH')) return;
    uploadPath = new URL(request.url()).pathname;
    patches.push({ offset: Number(request.headers()['upload-offset']), at: Date.now() });
  });
  page.on('requestfailed', (request) => {
    if (isUploadRequest(request, 'PATCH')) failedPatches.push(request.failure()?.errorText ?? 'failed');
  });
  /** The first PATCH after the `count` seen so far; throws when the upload stopped or none came in time. */
  const patchAfter = async (count, timeout = 20_000) => {
    const deadline = Date.now() + timeout;
    while (patches.length <= count) {
      if (await page.getByText(UPLOAD_FAILED).isVisible()) throw new Error(`the upload stopped: «${UPLOAD_FAILED}»`);
      if (Date.now() > deadline) throw new Error(`no PATCH within ${timeout / 1000} s (${count} so far)`);
      await sleep(50);
    }
    return patches[count];
  };

  try {
    await step('make a 20 s 640×360 MKV with two audio streams (jpn «Оригинал», rus «AniLibria») with ffmpeg', async () => {
      source = makeSource();
      if (source.length < 5 * 1024 * 1024) throw new Error(`the source is only ${megabytes(source.length)}: too quick to upload to pause it`);
      return `${FILE_NAME}, ${megabytes(source.length)}`;
    });

    await step('register a fresh user', async () => {
      uploader = await registerAccount(BASE_URL, 'uploader', suffix);
      return uploader.username;
    });

    await step(`the admin finds ${uploader.username} in /admin «Пользователи» and turns «Загрузчик» on (confirmed)`, async () => {
      await signIn(adminPage, BASE_URL, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      await adminPage.goto(`${BASE_URL}/admin`);
      const users = adminPage.getByRole('region', { name: /^Пользователи/ });
      await users.getByLabel('Поиск по никнейму или email').fill(uploader.username);
      const toggle = users.getByRole('button', { name: `Загрузчик: ${uploader.username}`, exact: true });
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-pressed')) !== 'false')
        throw new Error(`a fresh user's toggle is aria-pressed=${await toggle.getAttribute('aria-pressed')}`);
      await toggle.click();
      const dialog = adminPage.getByRole('dialog', { name: 'Сделать загрузчиком?' });
      await dialog.getByText(`${uploader.username} сможет загружать серии аниме и публиковать их.`).waitFor();
      await dialog.getByRole('button', { name: 'Сделать загрузчиком', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await users.locator(`button[aria-label="Загрузчик: ${uploader.username}"][aria-pressed="true"]`).waitFor();
      const row = users.getByRole('row').filter({ has: adminPage.getByRole('link', { name: `Профиль ${uploader.username}`, exact: true }) });
      await row.getByRole('cell', { name: 'Пользователь · загрузчик', exact: true }).waitFor();
      const { user } = await api('/auth/verify', { token: uploader.token });
      if (user.isUploader !== true) throw new Error(`GET /api/auth/verify says isUploader=${user.isUploader}`);
    });

    await step(`${uploader.username} signs in and follows «Серии» from Naruto's page (/anime/${ANIME_ID})`, async () => {
      await signIn(page, UPLOADER_URL, uploader);
      await page.goto(`${UPLOADER_URL}/anime/${ANIME_ID}`);
      await page.getByRole('link', { name: /^Серии «.+»: загрузка и публикация$/ }).click();
      await page.waitForURL(`**/admin/anime/${ANIME_ID}/episodes`);
      await page.getByRole('heading', { level: 1, name: /^Серии — / }).waitFor();
    });

    await step('the episode number defaults to the next free one, past the sample episodes', async () => {
      const field = page.getByRole('textbox', { name: 'Номер серии' });
      await page.waitForFunction(() => /^\d+$/.test(globalThis.document.querySelector('input[inputmode="numeric"]')?.value ?? ''));
      number = Number(await field.inputValue());
      const { episodes } = await api(`/anime/${ANIME_ID}/episodes`);
      const samples = episodes.map((episode) => episode.number);
      if (samples.length === 0) throw new Error(`title ${ANIME_ID} has no public episodes (sample episodes missing?)`);
      const management = await api(`/admin/anime/${ANIME_ID}/episodes`, { token: uploader.token });
      const taken = [...management.episodes.map((episode) => episode.number), ...management.sources.map((item) => item.number)];
      const expected = Math.max(...taken) + 1;
      if (!(number > Math.max(...samples))) throw new Error(`the default ${number} is not past the public episodes (${samples.join(', ')})`);
      if (number !== expected) throw new Error(`the default is ${number}, the next free number is ${expected}`);
      return `серия ${number} (public: ${samples.join(', ')}; highest taken: ${expected - 1})`;
    });

    const cdp = await uploaderContext.newCDPSession(page);
    const throttle = (uploadThroughput) =>
      cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
    // The bar's values as the upload goes (polled, for «it moved»).
    const seen = new Set();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const value = await uploadPercent(page);
        if (value !== null) seen.add(value);
        await sleep(100);
      }
    })();
    const uploadStarted = Date.now();

    try {
      await step(`choose ${FILE_NAME} and «Загрузить» on a connection throttled to ${megabytes(UPLOAD_THROUGHPUT)}/s: the bar moves`, async () => {
        await cdp.send('Network.enable');
        await throttle(UPLOAD_THROUGHPUT);
        await page.getByLabel('Видеофайл').setInputFiles({ name: FILE_NAME, mimeType: 'video/x-matroska', buffer: source });
        await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
        await page.getByText(`${FILE_NAME}, серия ${number}`).waitFor();
        const { offset } = await patchAfter(0);
        if (offset !== 0) throw new Error(`the first PATCH continues from ${offset}, not 0`);
        await uploadReaches(page, 5);
        return 'the first PATCH from offset 0';
      });

      await step('past 25 % «Пауза» stops the bar; «Продолжить» continues from the offset reached (Upload-Offset > 0)', async () => {
        await uploadReaches(page, 25);
        await page.getByRole('button', { name: 'Пауза', exact: true }).click();
        await page.getByRole('button', { name: 'Продолжить', exact: true }).waitFor();
        await sleep(200);
        const paused = await uploadPercent(page);
        await sleep(1000);
        const later = await uploadPercent(page);
        if (later !== paused) throw new Error(`the bar moved while paused: ${paused} % -> ${later} %`);
        const text = await page.getByRole('progressbar', { name: 'Загрузка файла' }).getAttribute('aria-valuetext');
        if (!text?.startsWith('Пауза')) throw new Error(`the paused bar says «${text}»`);
        const count = patches.length;
        await page.getByRole('button', { name: 'Продолжить', exact: true }).click();
        const { offset } = await patchAfter(count);
        if (!(offset > 0)) throw new Error(`the PATCH after «Продолжить» starts from ${offset}: the upload started over`);
        await page.getByRole('button', { name: 'Пауза', exact: true }).waitFor();
        return `paused at ${paused} %, continued from ${megabytes(offset)} (Upload-Offset ${offset})`;
      });

      await step('past 50 % the connection drops for 2 s (offline, sockets cut): back online, the upload continues where it was', async () => {
        await uploadReaches(page, 50);
        const count = patches.length;
        const failedBefore = failedPatches.length;
        const before = patches.at(-1).offset;
        const at = await uploadPercent(page);
        await uploaderContext.setOffline(true);
        relay.cut();
        await sleep(2000);
        relay.restore();
        await uploaderContext.setOffline(false);
        // Going online resets the emulated conditions: throttle again, so the rest is still seen moving.
        await throttle(UPLOAD_THROUGHPUT);
        if (failedPatches.length === failedBefore) throw new Error('the drop did not interrupt the PATCH in flight');
        // tus-js-client tries again after 0, 1, 3, 5 and 10 s.
        const { offset } = await patchAfter(count, 25_000);
        if (!(offset > 0) || offset < before) throw new Error(`the PATCH after the drop starts from ${offset}; the one before it from ${before}`);
        return `dropped at ${at} % (${failedPatches.at(-1)}), continued from ${megabytes(offset)} (Upload-Offset ${offset}; before: ${before})`;
      });

      await step(`the upload finishes («Серия ${number} загружена»); the bar took many values, and no PATCH started over`, async () => {
        await throttle(-1);
        await page.getByText(`Серия ${number} загружена`).waitFor({ timeout: 60_000 });
        uploaded = true;
        sampling = false;
        await sampler;
        const values = [...seen].sort((a, b) => a - b);
        if (values.length < 5) throw new Error(`the bar showed only ${values.join(', ')} %`);
        const restarts = patches.slice(1).filter((patch) => patch.offset === 0);
        if (restarts.length) throw new Error(`${restarts.length} later PATCH(es) started from 0`);
        const offsets = patches.map((patch) => patch.offset).join(', ');
        return `${((Date.now() - uploadStarted) / 1000).toFixed(1)} s, ${values.length} distinct values of the bar (${values[0]}–${values.at(-1)} %), PATCHes from ${offsets}`;
      });
    } finally {
      sampling = false;
      await sampler;
      await throttle(-1).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    }

    const sourceItem = page
      .getByRole('list', { name: 'Загрузки серий' })
      .getByRole('listitem')
      .filter({ hasText: `Серия ${number} · ${FILE_NAME}` });

    await step('«Загрузки» lists the file with both audio tracks, and the server transcodes it: «Готово»', async () => {
      await sourceItem.getByText('640×360', { exact: false }).waitFor();
      await sourceItem.getByText('Аудио: Оригинал · японский, AniLibria · русский').waitFor();
      const states = [];
      const deadline = Date.now() + TRANSCODE_TIMEOUT_MS;
      for (;;) {
        const state = (
          await sourceItem
            .locator('.episode-source__state, .episodes-progress__text')
            .first()
            .textContent({ timeout: 5000 })
            .catch(() => '')
        )?.trim();
        const kind = state?.replace(/\d+ %.*/, 'N %');
        if (kind && states.at(-1) !== kind) states.push(kind);
        if (state?.startsWith('Готово')) break;
        if (state?.startsWith('Ошибка')) throw new Error(`the transcode failed: ${state}`);
        if (Date.now() > deadline) throw new Error(`not ready within ${TRANSCODE_TIMEOUT_MS / 1000} s; states seen: ${states.join(' → ')}`);
        await sleep(250);
      }
      await page.screenshot({ path: join(screenshotDir, 'episode-upload-ready-1280.png'), fullPage: true });
      return states.map((state) => `«${state}»`).join(' → ');
    });

    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(number), exact: true }) });

    await step(`«Опубликовать серию ${number}»: the episode shows «Опубликована»`, async () => {
      await row.getByRole('cell', { name: 'Скрыта', exact: true }).waitFor();
      await row.getByRole('button', { name: `Опубликовать серию ${number}`, exact: true }).click();
      await row.getByRole('cell', { name: 'Опубликована', exact: true }).waitFor();
      published = true;
      await row.getByRole('button', { name: `Скрыть серию ${number}`, exact: true }).waitFor();
    });

    // The site's pages are for signed-in users (AccessGuard): the viewer is a fresh account, not an uploader.
    await step(`a fresh viewer in a browser of their own opens /watch/${ANIME_ID}/${number}: the video plays past 1 s`, async () => {
      const viewer = await registerAccount(BASE_URL, 'viewer', suffix);
      const guest = await (await newContext()).newPage();
      guest.on('pageerror', (error) => errors.push(error.message));
      await signIn(guest, BASE_URL, viewer);
      await guest.goto(`${BASE_URL}/watch/${ANIME_ID}/${number}`);
      await guest.getByRole('region', { name: 'Видеоплеер' }).waitFor();
      await guest.waitForFunction(() => (globalThis.document.querySelector('video')?.readyState ?? 0) >= 2, null, { timeout: 30_000 });
      if (await guest.evaluate(() => globalThis.document.querySelector('video')?.paused)) {
        await guest.getByRole('button', { name: 'Смотреть', exact: true }).click();
      }
      await guest.waitForFunction(() => (globalThis.document.querySelector('video')?.currentTime ?? 0) > 1, null, { timeout: 30_000 });
      const time = await guest.evaluate(() => globalThis.document.querySelector('video').currentTime);
      await guest.screenshot({ path: join(screenshotDir, 'episode-upload-watch-1280.png') });
      await guest.close();
      return `at ${time.toFixed(2)} s`;
    });

    await step(`GET /api/anime/${ANIME_ID}/episodes (no token) lists it with an HLS master playlist of two audio renditions`, async () => {
      const { episodes } = await api(`/anime/${ANIME_ID}/episodes`);
      const episode = episodes.find((item) => item.number === number);
      if (!episode) throw new Error(`episode ${number} is not listed (${episodes.map((item) => item.number).join(', ')})`);
      if (episode.source.kind !== 'hls') throw new Error(`its source is ${episode.source.kind}`);
      const response = await fetch(new URL(episode.source.url, BASE_URL));
      if (!response.ok) throw new Error(`GET ${episode.source.url}: ${response.status}`);
      const master = await response.text();
      const audio = master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:') && line.includes('TYPE=AUDIO'));
      const names = audio.map((line) => line.match(/NAME="([^"]*)"/)?.[1]);
      if (audio.length !== 2 || !AUDIO.every(({ title }) => names.includes(title))) throw new Error(`TYPE=AUDIO lines: ${audio.join(' | ') || 'none'}`);
      const qualities = episode.source.qualities.map((height) => `${height}p`).join(', ');
      return `${episode.source.url}: audio ${names.map((name) => `«${name}»`).join(', ')}; ${qualities}`;
    });

    await step(`clean up: «Скрыть серию ${number}» takes it off the public list again`, async () => {
      await row.getByRole('button', { name: `Скрыть серию ${number}`, exact: true }).click();
      await row.getByRole('cell', { name: 'Скрыта', exact: true }).waitFor();
      const { episodes } = await api(`/anime/${ANIME_ID}/episodes`);
      if (episodes.some((item) => item.number === number)) throw new Error(`episode ${number} is still listed`);
      published = false;
    });

    await step('no script error on any page', async () => {
      if (errors.length) throw new Error(errors.join(' | '));
    });
  } catch (error) {
    await page.screenshot({ path: join(screenshotDir, 'episode-upload-failure-1280.png'), fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    // A step failed after publishing: hide the episode again through the API.
    if (published) {
      const token = await signInThroughApi(BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD);
      await api(`/admin/anime/${ANIME_ID}/episodes/${number}/published`, { method: 'PUT', body: { published: false }, token }).catch((error) =>
        console.log(`# could not hide episode ${number}: ${error.message}`),
      );
    }
    // An upload left unfinished: its bytes on the server go (tus DELETE), and its number stays free.
    if (uploadPath && !uploaded) {
      const answer = await fetch(`${BASE_URL}${uploadPath}`, {
        method: 'DELETE',
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${uploader.token}` },
      }).catch((error) => ({ status: error.message }));
      if (answer.status !== 204) console.log(`# the unfinished upload ${uploadPath} was not deleted: ${answer.status}`);
    }
  }
});
