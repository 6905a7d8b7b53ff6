#!/usr/bin/env node
// Uploading, transcoding and publishing an episode in a browser, then adding a voice-over and subtitles to
// it (docs/media.md, «Uploading episodes» and «Voice-overs and subtitles added later»).
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/episode-upload-flow.e2e.mjs
// The admin (an existing account with admin rights: register it, then `npm run admin -- <email>`) makes
// a fresh user an uploader in the admin users screen. The uploader opens «Серии» from Naruto's page and
// uploads a 20 s MKV with two audio streams (made with the repository's ffmpeg) under the next free
// number, on a connection throttled with DevTools: paused and resumed, then cut off for 2 s, the upload
// continues where it stopped (tus). Once the server has transcoded it, the uploader publishes it; a fresh
// viewer plays it, and the public episode list gives its master playlist with both audio renditions.
// Then the uploader adds, in «Дорожки», subtitles «Kitsune» (an SRT the flow writes) and a voice-over
// «Studio Band» (an 880 Hz tone made with ffmpeg), each seen «обрабатывается» then «готово». The viewer
// finds both teams on the title page, picks them in the player's track menu (hls.js plays the added
// rendition, its tone is heard through a Web Audio analyser, the Kitsune text track shows the first cue at
// 2 s, timed as in the SRT), hovers the scrubber for a seek thumbnail, and finds the same choice in a
// second browser; the player's pages must have no CSP violation and no console error. The episode is
// hidden again at the end (also when a step fails), so the public list and the title's teams are as they
// were; its number stays taken, and a rerun uploads the next one. One line per step; a screenshot of the
// «Серии» screen when a step fails; exit 1 on failure.
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
/** The source's length, in seconds (the added voice-over's too). */
const DURATION = 20;
/** Added once the episode is published («Дорожки»): a voice-over and subtitles, each of a team of its own. */
const VOICE = { team: 'Studio Band', fileName: `studio-band-${suffix}.m4a`, frequency: 880 };
const SUBTITLES = {
  team: 'Kitsune',
  fileName: `kitsune-${suffix}.srt`,
  cues: [
    { start: 1, end: 4, text: 'Первая строка субтитров' },
    { start: 5, end: 8, text: 'Вторая строка: лиса Кицунэ' },
    { start: 10, end: 13.5, text: 'Третья строка субтитров' },
    { start: 15, end: 18, text: 'Последняя строка субтитров' },
  ],
};
/** The player's menu names a track with its language when the name does not say it (shared/video/track-choice). */
const menuName = (team) => `${team} (русский)`;
/** How long a worker may take to process an added track (a 20 s tone, a tiny SRT). */
const TRACK_TIMEOUT_MS = 60_000;
/** The throttled connection of the upload, in bytes a second (DevTools' network emulation). */
const UPLOAD_THROUGHPUT = 1.5 * 1024 * 1024;
/** How long the server may take to transcode the 20 s source (one 360p rung, two audio renditions). */
const TRANSCODE_TIMEOUT_MS = 90_000;
const UPLOAD_FAILED = 'Не удалось загрузить файл. Проверьте соединение и попробуйте ещё раз.';
const isUploadRequest = (request, method) => request.method() === method && new URL(request.url()).pathname.startsWith('/api/episode-uploads/');

/** Runs the repository's ffmpeg with `args` (the output named `fileName` last) and answers the file's bytes. */
function ffmpegFile(fileName, args) {
  const { findFfmpeg, toolEnv } = createRequire(import.meta.url)('../../scripts/lib/ffmpeg.cjs');
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error(`no ffmpeg to make ${fileName} with`);
  const dir = mkdtempSync(join(tmpdir(), 'episode-upload-flow-'));
  const file = join(dir, fileName);
  const { status, stderr } = spawnSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file], { env: toolEnv(ffmpeg), encoding: 'utf8' });
  try {
    if (status !== 0) throw new Error(`ffmpeg: ${stderr}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 20 s 640×360 MKV: test pattern at 3 Mbit/s (so ~8 MB, seconds to upload when throttled) and two tagged tones. */
function makeSource() {
  const audioInputs = AUDIO.flatMap(({ frequency }) => ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${DURATION}`]);
  const audioMaps = AUDIO.flatMap((_, index) => ['-map', `${index + 1}:a`]);
  const audioTags = AUDIO.flatMap(({ language, title }, index) => [
    `-metadata:s:a:${index}`,
    `language=${language}`,
    `-metadata:s:a:${index}`,
    `title=${title}`,
  ]);
  const args = ['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${DURATION}`, ...audioInputs];
  args.push('-map', '0:v', ...audioMaps, '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '3M', '-pix_fmt', 'yuv420p');
  args.push('-c:a', 'aac', '-b:a', '128k', ...audioTags, '-shortest');
  return ffmpegFile(FILE_NAME, args);
}

/** The added voice-over: a tone of its own for the episode's length, AAC in M4A, untagged (the form names it). */
const makeVoiceOver = () =>
  ffmpegFile(VOICE.fileName, ['-f', 'lavfi', '-i', `sine=frequency=${VOICE.frequency}:duration=${DURATION}`, '-c:a', 'aac', '-b:a', '96k']);

/** The added subtitles: SubRip, UTF-8, CRLF line ends as most SRT files have. */
const subtitlesSrt = () =>
  Buffer.from(SUBTITLES.cues.map((cue, index) => `${index + 1}\r\n${srtTime(cue.start)} --> ${srtTime(cue.end)}\r\n${cue.text}\r\n`).join('\r\n'), 'utf8');

/** 1.5 -> "00:00:01,500" */
function srtTime(seconds) {
  const millis = Math.round(seconds * 1000);
  const part = (value, size = 2) => String(value).padStart(size, '0');
  return `${part(Math.floor(millis / 3_600_000))}:${part(Math.floor(millis / 60_000) % 60)}:${part(Math.floor(millis / 1000) % 60)},${part(millis % 1000, 3)}`;
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

/**
 * Keeps the player's hls.js instance as `globalThis.__e2eHls` (an init script): the episode player makes
 * its engine through a Proxy whose construct trap calls Reflect.construct (withTrackEngines,
 * web/src/shared/video/track-engine.ts), so wrapping it lets the flow read the tracks hls.js really
 * plays (`audioTrack`, `subtitleTrack`) instead of the menu's picture of them.
 */
function captureHlsInstances() {
  const construct = Reflect.construct;
  Reflect.construct = function (target, args, ...newTarget) {
    const made = construct(target, args, ...newTarget);
    if (typeof target === 'function' && typeof target.isSupported === 'function' && target.Events?.AUDIO_TRACK_SWITCHED) globalThis.__e2eHls = made;
    return made;
  };
}

/** Records, in the page, each state text an item of the «Дорожки» list shows, by track name (a MutationObserver: nothing is missed between polls). */
const recordTrackStates = (page) =>
  page.evaluate(() => {
    const seen = (globalThis.__e2eTrackStates = {});
    const record = () => {
      for (const item of globalThis.document.querySelectorAll('.episode-track')) {
        const name = item.querySelector('.episode-track__name')?.textContent?.trim();
        const state = item.querySelector('.episode-track__state')?.textContent?.trim();
        if (!name || !state) continue;
        const states = (seen[name] ??= []);
        if (states.at(-1) !== state) states.push(state);
      }
    };
    new globalThis.MutationObserver(record).observe(globalThis.document.body, { subtree: true, childList: true, characterData: true });
    record();
  });

/** What the player's hls.js plays (the names of its current voice-over and subtitles) and the video's text tracks. */
const playerTracks = (page) =>
  page.evaluate(() => {
    const hls = globalThis.__e2eHls;
    const video = globalThis.document.querySelector('video');
    return {
      audio: hls?.audioTracks?.[hls.audioTrack]?.name ?? null,
      audioUrl: hls?.audioTracks?.[hls.audioTrack]?.url ?? null,
      subtitles: hls?.subtitleTracks?.[hls.subtitleTrack]?.name ?? null,
      textTracks: [...(video?.textTracks ?? [])].map((track) => ({ label: track.label, mode: track.mode })),
    };
  });

/** Waits until hls.js plays `audio` and shows `subtitles` in a text track of that label, `showing`. */
const playsTracks = (page, audio, subtitles, timeout = 30_000) =>
  page.waitForFunction(
    ([audioName, subtitlesName]) => {
      const hls = globalThis.__e2eHls;
      const text = [...(globalThis.document.querySelector('video')?.textTracks ?? [])].find((track) => track.label === subtitlesName);
      return (
        hls?.audioTracks?.[hls.audioTrack]?.name === audioName && hls?.subtitleTracks?.[hls.subtitleTrack]?.name === subtitlesName && text?.mode === 'showing'
      );
    },
    [audio, subtitles],
    { timeout },
  );

const describeTracks = ({ audio, subtitles, textTracks }) =>
  `hls.js plays «${audio}», subtitles «${subtitles}»; text tracks: ${textTracks.map((track) => `${track.label} ${track.mode}`).join(', ') || 'none'}`;

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
  let viewer;
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
      viewer = await registerAccount(BASE_URL, 'viewer', suffix);
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

    // Tracks added later (docs/media.md, «Voice-overs and subtitles added later»): no new encode of the video.
    const tracksDialog = page.getByRole('dialog', { name: `Дорожки серии ${number}` });
    const trackList = tracksDialog.getByRole('list', { name: 'Дорожки серии' });

    /** Fills «Добавить дорожку» and sends it; answers the states its list item showed, once «готово». */
    const addTrack = async ({ kind, team, fileName, mimeType, buffer }) => {
      const form = tracksDialog.getByRole('region', { name: 'Добавить дорожку' });
      await form.getByRole('radio', { name: kind, exact: true }).check();
      await form.getByLabel('Команда', { exact: true }).fill(team);
      await form.getByLabel('Язык', { exact: true }).selectOption('ru');
      await form.getByLabel('Файл', { exact: true }).setInputFiles({ name: fileName, mimeType, buffer });
      await form.getByRole('button', { name: 'Добавить дорожку', exact: true }).click();
      await tracksDialog.getByText(`Дорожка «${team}» добавлена и обрабатывается.`, { exact: true }).waitFor();
      const item = trackList.getByRole('listitem').filter({ has: page.getByText(team, { exact: true }) });
      await item.getByText(`${kind} · русский · добавлена`, { exact: true }).waitFor();
      const state = item.locator('.episode-track__state');
      await state.filter({ hasText: /^(готово|ошибка: .*)$/ }).waitFor({ timeout: TRACK_TIMEOUT_MS });
      const states = await page.evaluate((name) => globalThis.__e2eTrackStates?.[name] ?? [], team);
      if (states.at(-1) !== 'готово') throw new Error(`«${team}»: ${states.join(' → ')}`);
      if (states[0] !== 'обрабатывается') throw new Error(`«${team}» was never shown «обрабатывается»: ${states.join(' → ')}`);
      return states.map((text) => `«${text}»`).join(' → ');
    };

    await step(
      `«Дорожки» of episode ${number}: subtitles «${SUBTITLES.team}» (an SRT of ${SUBTITLES.cues.length} cues, русский) go «обрабатывается» → «готово»`,
      async () => {
        await row.getByRole('button', { name: `Дорожки серии ${number}: озвучки и субтитры`, exact: true }).click();
        await tracksDialog.waitFor();
        // The source's voice-overs are the episode's tracks since it was published.
        for (const { title } of AUDIO) await trackList.getByText(title, { exact: true }).waitFor();
        await recordTrackStates(page);
        return addTrack({ kind: 'Субтитры', team: SUBTITLES.team, fileName: SUBTITLES.fileName, mimeType: 'application/x-subrip', buffer: subtitlesSrt() });
      },
    );

    await step(
      `the same dialog: voice-over «${VOICE.team}» (a ${DURATION} s ${VOICE.frequency} Hz tone in M4A made with ffmpeg, русский) goes «обрабатывается» → «готово»`,
      async () => {
        const states = await addTrack({ kind: 'Озвучка', team: VOICE.team, fileName: VOICE.fileName, mimeType: 'audio/mp4', buffer: makeVoiceOver() });
        await tracksDialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
        await tracksDialog.waitFor({ state: 'detached' });
        return states;
      },
    );

    await step(
      `GET /api/anime/${ANIME_ID}/episodes: a new master revision with «${VOICE.team}» among the voice-overs and «${SUBTITLES.team}» as subtitles`,
      async () => {
        const { episodes } = await api(`/anime/${ANIME_ID}/episodes`);
        const { url } = episodes.find((item) => item.number === number).source;
        if (!/\/master-r\d+\.m3u8$/.test(url)) throw new Error(`the episode still plays ${url}`);
        const master = await (await fetch(new URL(url, BASE_URL))).text();
        const media = master.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'));
        const named = (type) => media.filter((line) => line.includes(`TYPE=${type}`)).map((line) => line.match(/NAME="([^"]*)"/)?.[1]);
        const audio = named('AUDIO');
        const subtitles = named('SUBTITLES');
        if (!audio.includes(VOICE.team) || audio.length !== AUDIO.length + 1) throw new Error(`TYPE=AUDIO: ${audio.join(', ')}`);
        if (subtitles.join() !== SUBTITLES.team) throw new Error(`TYPE=SUBTITLES: ${subtitles.join(', ') || 'none'}`);
        return `${url}: audio ${audio.map((name) => `«${name}»`).join(', ')}; subtitles «${subtitles}»`;
      },
    );

    // The player's pages: hls.js captured, every CSP violation and console error recorded.
    const playerProblems = [];
    /** A browser of the viewer's own, signed in, on `path`. */
    const viewerPage = async (path) => {
      const context = await newContext();
      await context.addInitScript(captureHlsInstances);
      await context.exposeBinding('__e2ePlayerCspViolation', ({ page: tab }, text) => playerProblems.push(`CSP violation on ${tab.url()}: ${text}`));
      await context.addInitScript(() =>
        globalThis.document.addEventListener('securitypolicyviolation', (event) =>
          globalThis.__e2ePlayerCspViolation(`${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}`),
        ),
      );
      const tab = await context.newPage();
      tab.on('pageerror', (error) => errors.push(error.message));
      tab.on('console', (message) => {
        if (message.type() === 'error') playerProblems.push(`console error on ${tab.url()}: ${message.text()}`);
      });
      await signIn(tab, BASE_URL, viewer);
      await tab.goto(`${BASE_URL}${path}`);
      return tab;
    };
    /** Waits for the video, starts it when the browser did not, and waits until it has played. */
    const playing = async (tab) => {
      await tab.getByRole('region', { name: 'Видеоплеер' }).waitFor();
      await tab.waitForFunction(() => (globalThis.document.querySelector('video')?.readyState ?? 0) >= 2, null, { timeout: 30_000 });
      if (await tab.evaluate(() => globalThis.document.querySelector('video')?.paused)) {
        await tab.getByRole('button', { name: 'Смотреть', exact: true }).click();
      }
      await tab.waitForFunction(() => (globalThis.document.querySelector('video')?.currentTime ?? 0) > 0.5, null, { timeout: 30_000 });
    };

    let watch;
    await step(`${viewer.username} opens Naruto's page: «Озвучка: … ${VOICE.team} … · Субтитры: ${SUBTITLES.team}» under its facts`, async () => {
      watch = await viewerPage(`/anime/${ANIME_ID}`);
      const teams = await api(`/anime/${ANIME_ID}/teams`);
      const names = (list) => list.map((team) => team.name);
      if (!names(teams.voice).includes(VOICE.team)) throw new Error(`GET /api/anime/${ANIME_ID}/teams: voice ${names(teams.voice).join(', ')}`);
      if (!names(teams.subtitles).includes(SUBTITLES.team)) throw new Error(`GET /api/anime/${ANIME_ID}/teams: subtitles ${names(teams.subtitles).join(', ')}`);
      // As TitleTeams renders it: each kind's names in the API's order, the kinds apart by « · ».
      const expected = `Озвучка: ${names(teams.voice).join(', ')} · Субтитры: ${names(teams.subtitles).join(', ')}`;
      const line = watch.locator('p.anime-teams');
      await line.waitFor();
      const text = (await line.textContent()).replace(/\s+/g, ' ').trim();
      if (text !== expected) throw new Error(`the line says «${text}», expected «${expected}»`);
      return `«${text}»`;
    });

    const trackMenu = (tab) => tab.getByRole('menu', { name: 'Озвучка и субтитры' });
    const menuGroup = (tab, label) => trackMenu(tab).getByRole('group', { name: label, exact: true });
    const openTrackMenu = async (tab) => {
      await tab.getByRole('button', { name: 'Озвучка и субтитры', exact: true }).click();
      await trackMenu(tab).waitFor();
    };
    const itemNames = async (group) => (await group.getByRole('menuitemradio').allTextContents()).map((text) => text.replace(/^✓/, '').trim());
    // The added voice-over's media playlist and segments live in the rendition's tracks/<id>/ (its only .ts there).
    const addedAudioSegment = (request) => /\/tracks\/[^/]+\/seg-\d+\.ts$/.test(new URL(request.url()).pathname);

    await step(
      `/watch/${ANIME_ID}/${number}: the track menu offers «${menuName(VOICE.team)}» among «Озвучка» and «${menuName(SUBTITLES.team)}» among «Субтитры»`,
      async () => {
        await watch.goto(`${BASE_URL}/watch/${ANIME_ID}/${number}`);
        await playing(watch);
        await openTrackMenu(watch);
        const audio = await itemNames(menuGroup(watch, 'Озвучка'));
        const subtitles = await itemNames(menuGroup(watch, 'Субтитры'));
        if (!audio.includes(menuName(VOICE.team)) || audio.length !== AUDIO.length + 1) throw new Error(`«Озвучка»: ${audio.join(', ')}`);
        if (subtitles.join(', ') !== `Выключены, ${menuName(SUBTITLES.team)}`) throw new Error(`«Субтитры»: ${subtitles.join(', ')}`);
        if (!(await watch.evaluate(() => Boolean(globalThis.__e2eHls))))
          throw new Error("the player's hls.js instance was not caught (does withTrackEngines still make it with Reflect.construct?)");
        const before = await playerTracks(watch);
        if (before.audio !== AUDIO[0].title || before.subtitles !== null) throw new Error(`a fresh viewer starts with ${describeTracks(before)}`);
        return `«Озвучка»: ${audio.join(', ')}; «Субтитры»: ${subtitles.join(', ')}`;
      },
    );

    await step(
      `picks «${VOICE.team}» and «${SUBTITLES.team}»: hls.js loads and plays the added voice-over, the «${SUBTITLES.team}» text track is showing, and both are saved`,
      async () => {
        const segment = watch.waitForRequest(addedAudioSegment);
        const saved = (kind, name) =>
          watch.waitForResponse(
            (response) =>
              response.request().method() === 'PUT' &&
              new URL(response.url()).pathname === `/api/anime/${ANIME_ID}/tracks` &&
              response.request().postDataJSON()?.kind === kind &&
              response.request().postDataJSON()?.name === name,
          );
        const audioSaved = saved('audio', VOICE.team);
        await menuGroup(watch, 'Озвучка')
          .getByRole('menuitemradio', { name: menuName(VOICE.team) })
          .click();
        await trackMenu(watch).waitFor({ state: 'hidden' });
        const subtitlesSaved = saved('subtitles', SUBTITLES.team);
        await openTrackMenu(watch);
        await menuGroup(watch, 'Субтитры')
          .getByRole('menuitemradio', { name: menuName(SUBTITLES.team) })
          .click();
        await trackMenu(watch).waitFor({ state: 'hidden' });
        await playsTracks(watch, VOICE.team, SUBTITLES.team);
        const request = await segment;
        const tracks = await playerTracks(watch);
        const folder = (url) => new URL(url, BASE_URL).pathname.replace(/[^/]*$/, '');
        if (folder(request.url()) !== folder(tracks.audioUrl)) throw new Error(`a segment of ${folder(request.url())} loaded, hls.js plays ${tracks.audioUrl}`);
        for (const response of [await audioSaved, await subtitlesSaved])
          if (!response.ok()) throw new Error(`PUT /api/anime/${ANIME_ID}/tracks: ${response.status()}`);
        const choice = await api(`/anime/${ANIME_ID}/tracks`, { token: viewer.token });
        if (choice.audio !== VOICE.team || choice.subtitles !== SUBTITLES.team) throw new Error(`GET /api/anime/${ANIME_ID}/tracks: ${JSON.stringify(choice)}`);
        await openTrackMenu(watch);
        for (const [label, name] of [
          ['Озвучка', VOICE.team],
          ['Субтитры', SUBTITLES.team],
        ]) {
          const checked = await menuGroup(watch, label).locator('[role="menuitemradio"][aria-checked="true"]').allTextContents();
          if (checked.map((text) => text.replace(/^✓/, '').trim()).join() !== menuName(name)) throw new Error(`«${label}» checks ${checked.join(', ')}`);
        }
        await watch.keyboard.press('Escape');
        await trackMenu(watch).waitFor({ state: 'hidden' });
        return `${describeTracks(tracks)}; ${new URL(request.url()).pathname} loaded`;
      },
    );

    const first = SUBTITLES.cues[0];
    await step(
      `paused at 2 s, the «${SUBTITLES.team}» track's active cue is «${first.text}», ${first.start} → ${first.end} s on the video's clock (X-TIMESTAMP-MAP)`,
      async () => {
        await watch.evaluate(() => {
          const video = globalThis.document.querySelector('video');
          video.pause();
          video.currentTime = 2;
        });
        const handle = await watch.waitForFunction(
          ([label, text]) => {
            const video = globalThis.document.querySelector('video');
            const track = [...video.textTracks].find((candidate) => candidate.label === label);
            if (video.seeking || Math.abs(video.currentTime - 2) > 0.05 || !track?.activeCues?.length) return null;
            const cue = [...track.activeCues].find((candidate) => candidate.text === text);
            return cue ? { start: cue.startTime, end: cue.endTime, active: track.activeCues.length, at: video.currentTime } : null;
          },
          [SUBTITLES.team, first.text],
        );
        const cue = await handle.jsonValue();
        // Off by the muxer's 1.4 s (no or a wrong X-TIMESTAMP-MAP), the cue would start at 2.4 s or −0.4 s.
        if (Math.abs(cue.start - first.start) > 0.25 || Math.abs(cue.end - first.end) > 0.25)
          throw new Error(`the cue runs ${cue.start.toFixed(3)} → ${cue.end.toFixed(3)} s on the video's clock`);
        if (cue.active !== 1) throw new Error(`${cue.active} cues active at ${cue.at} s`);
        return `at ${cue.at.toFixed(2)} s: «${first.text}», ${cue.start.toFixed(3)} → ${cue.end.toFixed(3)} s`;
      },
    );

    await step(
      `played from there, the sound is «${VOICE.team}»'s ${VOICE.frequency} Hz tone, never the source's (a Web Audio analyser on the video)`,
      async () => {
        await watch.evaluate(async () => {
          const video = globalThis.document.querySelector('video');
          const context = new globalThis.AudioContext();
          const analyser = context.createAnalyser();
          analyser.fftSize = 8192;
          context.createMediaElementSource(video).connect(analyser);
          analyser.connect(context.destination);
          globalThis.__e2eAudioProbe = { context, analyser, peaks: [], run: 0, other: null };
          await context.resume();
          await video.play();
        });
        const handle = await watch.waitForFunction(
          ([frequency, others]) => {
            const video = globalThis.document.querySelector('video');
            const probe = globalThis.__e2eAudioProbe;
            const bins = new Float32Array(probe.analyser.frequencyBinCount);
            probe.analyser.getFloatFrequencyData(bins);
            let loudest = 1;
            for (let bin = 2; bin < bins.length; bin += 1) if (bins[bin] > bins[loudest]) loudest = bin;
            const peak = Math.round((loudest * probe.context.sampleRate) / probe.analyser.fftSize);
            const audible = bins[loudest] > -80;
            if (audible && probe.peaks.at(-1) !== peak) probe.peaks.push(peak);
            const near = (target) => audible && Math.abs(peak - target) < 20;
            if (others.some(near)) probe.other = peak;
            // Heard in three reads in a row while playing.
            probe.run = near(frequency) && !video.paused ? probe.run + 1 : 0;
            return probe.run >= 3 ? { peaks: probe.peaks, other: probe.other, state: probe.context.state, at: video.currentTime } : null;
          },
          [VOICE.frequency, AUDIO.map(({ frequency }) => frequency)],
          { polling: 100, timeout: 15_000 },
        );
        const heard = await handle.jsonValue();
        if (heard.other !== null) throw new Error(`the source's ${heard.other} Hz was heard; peaks: ${heard.peaks.join(', ')} Hz`);
        return `peaks ${heard.peaks.join(', ')} Hz, by ${heard.at.toFixed(2)} s (audio context ${heard.state})`;
      },
    );

    await step(`hovering the scrubber at 50 % shows the seek preview: a non-empty box whose sprite loads (200, image/jpeg)`, async () => {
      const seek = watch.getByRole('slider', { name: 'Перемотка', exact: true });
      const box = await seek.boundingBox();
      await watch.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const preview = watch.getByTestId('seek-preview');
      await preview.waitFor();
      const shown = await preview.evaluate(async (element) => {
        const picture = element.querySelector('.seek-preview__picture');
        const url = globalThis.getComputedStyle(picture).backgroundImage.match(/^url\("(.+)"\)$/)?.[1] ?? null;
        const { width, height } = picture.getBoundingClientRect();
        const answer = url ? await fetch(url) : null;
        const image = new globalThis.Image();
        if (url) {
          image.src = url;
          await image.decode().catch(() => undefined);
        }
        return {
          url,
          width,
          height,
          status: answer?.status ?? null,
          type: answer?.headers.get('content-type') ?? null,
          natural: `${image.naturalWidth}×${image.naturalHeight}`,
          time: element.querySelector('.seek-preview__time')?.textContent ?? '',
          duration: globalThis.document.querySelector('video').duration,
        };
      });
      if (!shown.url) throw new Error('the preview has no background image');
      if (shown.status !== 200 || !shown.type?.startsWith('image/jpeg')) throw new Error(`GET ${shown.url}: ${shown.status} ${shown.type}`);
      if (shown.natural.startsWith('0')) throw new Error(`${shown.url} does not decode as an image`);
      if (!(shown.width > 0 && shown.height > 0)) throw new Error(`the preview's picture is ${shown.width}×${shown.height}`);
      const [minutes, seconds] = shown.time.split(':').map(Number);
      if (Math.abs(minutes * 60 + seconds - shown.duration / 2) > 1) throw new Error(`the preview says ${shown.time} at 50 % of ${shown.duration} s`);
      return `${new URL(shown.url).pathname} (${shown.natural}), box ${shown.width}×${shown.height} at ${shown.time}`;
    });

    await step(
      `${viewer.username} in a second browser opens /watch/${ANIME_ID}/${number}: «${VOICE.team}» and «${SUBTITLES.team}» play without touching the menu`,
      async () => {
        const again = await viewerPage(`/watch/${ANIME_ID}/${number}`);
        await playing(again);
        await playsTracks(again, VOICE.team, SUBTITLES.team);
        const tracks = await playerTracks(again);
        await again.context().close();
        return describeTracks(tracks);
      },
    );

    await step('no CSP violation and no console error on the player pages', async () => {
      // Violations are reported asynchronously: one round trip lets the last arrive.
      await watch.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      await watch.context().close();
      if (playerProblems.length) throw new Error(playerProblems.join(' | '));
    });

    await step(`clean up: «Скрыть серию ${number}» takes it off the public list again, and its teams off the title's`, async () => {
      await row.getByRole('button', { name: `Скрыть серию ${number}`, exact: true }).click();
      await row.getByRole('cell', { name: 'Скрыта', exact: true }).waitFor();
      const { episodes } = await api(`/anime/${ANIME_ID}/episodes`);
      if (episodes.some((item) => item.number === number)) throw new Error(`episode ${number} is still listed`);
      published = false;
      // The title page's teams are those of published episodes: a hidden one's go with it.
      const teams = await api(`/anime/${ANIME_ID}/teams`);
      const left = [...teams.voice, ...teams.subtitles].map((team) => team.name).filter((name) => [VOICE.team, SUBTITLES.team].includes(name));
      if (left.length) throw new Error(`GET /api/anime/${ANIME_ID}/teams still lists ${left.join(', ')}`);
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
