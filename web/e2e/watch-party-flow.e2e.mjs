#!/usr/bin/env node
// Two browsers watch an episode together through a running portal (issue #5's acceptance check).
//   BASE_URL=http://localhost:3000 node e2e/watch-party-flow.e2e.mjs
// Registers a host and a member, signs each in through /login in a browser context of its own; the
// host opens a room for a title with sample episodes (ANIME_ID, 20 by default) from the player page's
// "Создать совместный просмотр" button (or through the API when the button is not mounted there), the
// member opens the shared link; the host plays, seeks and pauses, and the member's video.currentTime
// is sampled against the host's: it must stay within 0.5 s. Prints the largest drift measured.
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir, skipWithoutSampleVideo } from './lib/browser.mjs';
import { registerAccount, signIn } from './lib/accounts.mjs';

skipWithoutSampleVideo('watch-party-flow');

const BASE_URL = baseUrlFromEnv();
const ANIME_ID = Number(process.env.ANIME_ID ?? 20);
const MAX_DRIFT_SECONDS = 0.5;
const SAMPLES = 8;
const suffix = runSuffix();
const step = createStepper();

/** The room's <video> of a page: position, clock and state read in one go. */
const reading = (page) =>
  page.evaluate(() => {
    const video = globalThis.document.querySelector('.watch-party__video video');
    return video ? { t: video.currentTime, now: Date.now(), paused: video.paused, ready: video.readyState, duration: video.duration } : null;
  });

/** Member minus host, both read as close together as two pages allow, corrected for the time between the reads. */
async function driftOf(hostPage, memberPage) {
  const [host, member] = await Promise.all([reading(hostPage), reading(memberPage)]);
  if (!host || !member) throw new Error('a room video is missing');
  const hostNow = host.paused ? host.t : host.t + (member.now - host.now) / 1000;
  return { drift: member.t - hostNow, host, member };
}

async function until(probe, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The largest |drift| over several samples half a second apart; fails past 0.5 s. */
async function sampleDrift(hostPage, memberPage) {
  let max = 0;
  const seen = [];
  for (let index = 0; index < SAMPLES; index++) {
    const { drift } = await driftOf(hostPage, memberPage);
    max = Math.max(max, Math.abs(drift));
    seen.push(drift.toFixed(3));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (max > MAX_DRIFT_SECONDS) throw new Error(`drift up to ${max.toFixed(3)} s (samples ${seen.join(', ')})`);
  return { max, seen };
}

let maxDrift = 0;

await runBrowserFlow('watch-party-flow', step, async (newContext) => {
  const pages = [await (await newContext()).newPage(), await (await newContext()).newPage()];
  const [hostPage, memberPage] = pages;
  const errors = [];
  pages.forEach((page) => page.on('pageerror', (error) => errors.push(error.message)));

  const [host, member] = await Promise.all([registerAccount(BASE_URL, 'wphost', suffix), registerAccount(BASE_URL, 'wpguest', suffix)]);
  await step(`sign in as ${host.username} and ${member.username}, each in a browser of their own`, async () => {
    await Promise.all([signIn(hostPage, BASE_URL, host), signIn(memberPage, BASE_URL, member)]);
  });

  let roomUrl = '';
  await step(`the host opens a room for episode 1 of title ${ANIME_ID}`, async () => {
    await hostPage.goto(`${BASE_URL}/watch/${ANIME_ID}/1`);
    const button = hostPage.getByRole('button', { name: 'Создать совместный просмотр' });
    const mounted = await button.waitFor({ timeout: 8000 }).then(
      () => true,
      () => false,
    );
    if (mounted) {
      await button.click();
      await hostPage.waitForURL(/\/watch-party\/[\w-]{12}$/);
    } else {
      const response = await fetch(`${BASE_URL}/api/watch-party`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
        body: JSON.stringify({ animeId: ANIME_ID, episode: 1 }),
      });
      if (response.status !== 201) throw new Error(`POST /api/watch-party: ${response.status} ${await response.text()}`);
      await hostPage.goto(`${BASE_URL}${(await response.json()).data.url}`);
    }
    await hostPage.getByText('Вы ведущий', { exact: false }).waitFor();
    roomUrl = hostPage.url();
    return `${mounted ? 'from the player page button' : 'through the API (the button is not mounted on the player page)'}: ${roomUrl}`;
  });

  await step('the member opens the shared link: controls locked, host named, both in the member list', async () => {
    await memberPage.goto(roomUrl);
    await memberPage.getByText(`Управляет ведущий: ${host.username}`).waitFor();
    if ((await memberPage.locator('.watch-party__video video').getAttribute('controls')) !== null) throw new Error("the member's video has controls");
    const members = memberPage.getByRole('region', { name: /^Участники/ });
    await members.getByText(host.username, { exact: false }).waitFor();
    await hostPage
      .getByRole('region', { name: /^Участники/ })
      .getByText(member.username, { exact: false })
      .waitFor();
  });

  await step('both videos load the episode', async () => {
    for (const page of pages) {
      // Muted playback may start without a click in every browser.
      await page.evaluate(() => {
        globalThis.document.querySelector('.watch-party__video video').muted = true;
      });
      await until(async () => (await reading(page))?.ready >= 1, 'the video metadata');
    }
    const { duration } = await reading(hostPage);
    return `duration ${duration.toFixed(1)} s`;
  });

  await step('the host plays; the member follows within 0.5 s', async () => {
    await hostPage.evaluate(() => globalThis.document.querySelector('.watch-party__video video').play());
    const gesture = memberPage.getByRole('button', { name: 'Нажмите, чтобы смотреть вместе со всеми' });
    await until(async () => {
      if (await gesture.isVisible()) await gesture.click();
      const { member } = await driftOf(hostPage, memberPage);
      return !member.paused && member.t > 0.5;
    }, 'the member to start playing');
    await until(async () => Math.abs((await driftOf(hostPage, memberPage)).drift) < 0.2, 'the member to catch up', 15_000);
    const { max, seen } = await sampleDrift(hostPage, memberPage);
    maxDrift = Math.max(maxDrift, max);
    return `max drift ${max.toFixed(3)} s over ${SAMPLES} samples (${seen.join(', ')})`;
  });

  await step('the host seeks; the member jumps there and stays within 0.5 s', async () => {
    const { duration } = await reading(hostPage);
    const target = Math.max(1, Math.min(60, duration / 2));
    await hostPage.evaluate((to) => {
      globalThis.document.querySelector('.watch-party__video video').currentTime = to;
    }, target);
    await until(async () => Math.abs((await reading(memberPage)).t - target) < 5, `the member near ${target.toFixed(1)} s`);
    await until(async () => Math.abs((await driftOf(hostPage, memberPage)).drift) < 0.2, 'the member to catch up after the seek', 15_000);
    const { max, seen } = await sampleDrift(hostPage, memberPage);
    maxDrift = Math.max(maxDrift, max);
    return `seek to ${target.toFixed(1)} s; max drift ${max.toFixed(3)} s (${seen.join(', ')})`;
  });

  await step("the host pauses; the member's video pauses at the same point", async () => {
    await hostPage.evaluate(() => globalThis.document.querySelector('.watch-party__video video').pause());
    await until(async () => (await reading(memberPage)).paused, 'the member to pause');
    await until(async () => Math.abs((await driftOf(hostPage, memberPage)).drift) < MAX_DRIFT_SECONDS, 'the paused positions to match');
    const { drift } = await driftOf(hostPage, memberPage);
    return `paused ${Math.abs(drift).toFixed(3)} s apart`;
  });

  await step('screenshots of both at 1280 px', async () => {
    await hostPage.screenshot({ path: `${screenshotDir}/watch-party-host-1280.png` });
    await memberPage.screenshot({ path: `${screenshotDir}/watch-party-member-1280.png` });
    return `largest drift while playing: ${maxDrift.toFixed(3)} s`;
  });

  await step('no script errors in either browser', async () => {
    if (errors.length > 0) throw new Error(errors.join('; '));
  });
});
