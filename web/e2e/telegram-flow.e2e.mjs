#!/usr/bin/env node
// Browser test of registration with the Telegram channel check, against the fake Bot API.
//   node e2e/telegram-flow.e2e.mjs   (from web/; needs the built web client and services, as npm start does)
// Self-contained: with Telegram configured every registration needs the check, so this flow starts
// its own fake Telegram server and its own portal (`npm start` with its own port, health ports, data
// dir and Redis prefix, no catalogue import and no sample episodes), and stops both at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStepper, runBrowserFlow, runSuffix, screenshotDir, solveCaptcha } from './lib/browser.mjs';

const require = createRequire(import.meta.url);
const ROOT = new URL('../..', import.meta.url).pathname;
const { startFakeTelegram } = require('../../test/fakes/fake-telegram-bot-api.cjs');
const { freePort } = require('../../scripts/lib/provision.cjs');

const TELEGRAM_USER_ID = 500000000 + Math.floor(Math.random() * 1e6);
const suffix = runSuffix();
const account = { username: `tg_${suffix}`, email: `tg_${suffix}@example.com`, password: `Pw-${suffix}-ok!` };
const step = createStepper();

const fake = await startFakeTelegram();
const dataDir = mkdtempSync(join(tmpdir(), 'portal-telegram-'));
const env = {
  ...process.env,
  PORT: String(await freePort()),
  PORTAL_DATA_DIR: dataDir,
  REDIS_KEY_PREFIX: `telegram-flow-${Date.now().toString(36)}:`,
  CATALOGUE_IMPORT_ON_EMPTY: 'false',
  FFMPEG_PATH: '/nonexistent/ffmpeg',
  TELEGRAM_API_URL: fake.url,
  TELEGRAM_BOT_TOKEN: fake.botToken,
  TELEGRAM_CHANNEL: `@${fake.channel.username}`,
  TELEGRAM_BOT_USERNAME: fake.botUsername,
  TELEGRAM_POLL_TIMEOUT_SECONDS: '2',
};
delete env.BASE_URL;
// A database of its own (the embedded PostgreSQL in its data dir), as on a fresh clone.
delete env.DATABASE_URL;
for (const app of ['auth', 'catalogue', 'community', 'chat', 'rewards', 'moderation']) env[`${app.toUpperCase()}_HEALTH_PORT`] = String(await freePort());
const BASE_URL = `http://localhost:${env.PORT}`;

const portal = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
let portalOutput = '';
const ready = new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the portal did not start within 240 s:\n${portalOutput.slice(-2000)}`)), 240000);
  const onData = (chunk) => {
    portalOutput += chunk;
    if (/Portal ready: http:\/\/localhost:\d+/.test(portalOutput)) {
      clearTimeout(timer);
      resolve();
    }
  };
  portal.stdout.on('data', onData);
  portal.stderr.on('data', onData);
  portal.once('exit', (code) => reject(new Error(`the portal exited (${code}):\n${portalOutput.slice(-2000)}`)));
});

/** Stops the portal (Ctrl-C, as a person would) and the fake, whatever the flow did. */
async function stopAll() {
  if (portal.exitCode === null) {
    const exited = new Promise((resolve) => portal.once('exit', resolve));
    portal.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30000))]);
    if (portal.exitCode === null) portal.kill('SIGKILL');
  }
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', () => {
  if (portal.exitCode === null) portal.kill('SIGKILL');
});

try {
  await ready;
} catch (error) {
  console.log(`error: ${error.message}`);
  await stopAll();
  process.exit(1);
}

const originalExit = process.exit.bind(process);
// runBrowserFlow ends the process with the flow's result: stop the portal first.
process.exit = (code) => {
  stopAll().finally(() => originalExit(code));
};

await runBrowserFlow('telegram-flow', step, async (newContext) => {
  const context = await newContext();
  // The bot link opens t.me in a new tab; no network is needed for it, only its address.
  await context.route('https://t.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title>' }));
  const page = await context.newPage();
  const widget = page.getByRole('region', { name: 'Подписка на Telegram-канал' });

  await step(`open ${BASE_URL}/register: the channel widget is shown`, async () => {
    await page.goto(`${BASE_URL}/register`);
    await widget.waitFor();
    await widget.getByText(fake.channel.title).waitFor();
  });

  await step('registering before the check is refused with the SPEC message', async () => {
    await page.getByLabel('Ник').fill(account.username);
    await page.getByText('Ник свободен').waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Пароль', { exact: true }).fill(account.password);
    await page.getByLabel('Повторите пароль').fill(account.password);
    const question = (await page.locator('label', { hasText: 'Решите пример' }).textContent()) ?? '';
    await page.getByLabel(/Решите пример/).fill(String(solveCaptcha(question)));
    await page.getByLabel('Я принимаю условия пользовательского соглашения').check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Необходимо проверить подписку на Telegram канал').first().waitFor();
  });

  let startParameter = '';
  await step('«Проверить подписку» opens the bot deep link and the widget waits', async () => {
    const popup = page.waitForEvent('popup');
    await widget.getByRole('button', { name: 'Проверить подписку' }).click();
    const botTab = await popup;
    const link = new URL(botTab.url());
    if (`${link.origin}${link.pathname}` !== `https://t.me/${fake.botUsername}`) throw new Error(`unexpected bot link ${link}`);
    startParameter = link.searchParams.get('start') ?? '';
    if (!/^check_[\w-]+$/.test(startParameter)) throw new Error(`unexpected start parameter ${startParameter}`);
    await botTab.close();
    await widget.getByText('Проверяем подписку... Откройте Telegram').waitFor();
  });

  await step('the subscriber presses Start in the bot: the widget says verified', async () => {
    fake.setMember(TELEGRAM_USER_ID, 'member');
    fake.pressStart(TELEGRAM_USER_ID, startParameter);
    await widget.getByText('Подписка подтверждена!').waitFor();
    await page.screenshot({ path: join(screenshotDir, 'telegram-verified-1280.png') });
  });

  await step(`register ${account.username}: the account keeps the verified Telegram id`, async () => {
    // The captcha was used by the refused attempt: answer the new one.
    const question = (await page.locator('label', { hasText: 'Решите пример' }).textContent()) ?? '';
    await page.getByLabel(/Решите пример/).fill(String(solveCaptcha(question)));
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Вы успешно зарегистрировались').waitFor();
    const telegramUserId = await page.evaluate(async () => {
      const token = localStorage.getItem('token');
      const response = await fetch('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()).data?.user?.telegramUserId;
    });
    if (telegramUserId !== String(TELEGRAM_USER_ID)) throw new Error(`telegramUserId is ${telegramUserId}`);
    if (!fake.sends.some((send) => send.chatId === String(TELEGRAM_USER_ID) && /Подписка подтверждена/.test(send.text))) {
      throw new Error('the bot did not answer in the chat');
    }
  });
});
