#!/usr/bin/env node
// Two browsers chat in real time through a running portal, and the online dialog counts them.
//   BASE_URL=http://localhost:3000 node e2e/chat-flow.e2e.mjs
// Registers two accounts through the API, signs each in through /login in its own browser context,
// opens the chat in both, sends from one and waits for the message in the other (text shown as text,
// the link made clickable), then checks the online dialog lists both. One line per step; exit 1 on failure.
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir } from './lib/browser.mjs';
import { registerAccount, signIn } from './lib/accounts.mjs';

const BASE_URL = baseUrlFromEnv();
const suffix = runSuffix();
const step = createStepper();

async function openChat(page) {
  await page.getByRole('button', { name: /^Открыть чат/ }).click();
  await page.getByText('Подключено', { exact: true }).waitFor();
  await page.getByPlaceholder('Введите сообщение...').waitFor();
}

await runBrowserFlow('chat-flow', step, async (newContext) => {
  const pages = [await (await newContext()).newPage(), await (await newContext()).newPage()];
  const [alicePage, borisPage] = pages;
  const errors = [];
  pages.forEach((page) => page.on('pageerror', (error) => errors.push(error.message)));

  const [alice, boris] = await Promise.all([registerAccount(BASE_URL, 'chata', suffix), registerAccount(BASE_URL, 'chatb', suffix)]);
  await step(`sign in as ${alice.username} and ${boris.username}, each in a browser of their own`, async () => {
    await Promise.all([signIn(alicePage, BASE_URL, alice), signIn(borisPage, BASE_URL, boris)]);
  });

  await step('both open the chat and see it connected', async () => {
    await Promise.all([openChat(alicePage), openChat(borisPage)]);
  });

  const text = `Привет из браузера ${suffix} <script>window.__pwned = 1</script> https://example.com/anime`;
  await step('a message sent in one browser appears in the other at once, as text, with its link clickable', async () => {
    const sentAt = Date.now();
    await alicePage.getByPlaceholder('Введите сообщение...').fill(text);
    await alicePage.getByRole('button', { name: 'Отправить', exact: true }).click();
    // This run's message (a portal that ran the flow before shows the earlier ones too).
    const message = borisPage
      .getByRole('log', { name: 'Сообщения чата' })
      .getByRole('listitem')
      .filter({ hasText: `Привет из браузера ${suffix}` });
    await message.waitFor();
    const arrivedMs = Date.now() - sentAt;
    await message.getByText('<script>window.__pwned = 1</script>', { exact: false }).waitFor();
    const link = message.getByRole('link', { name: 'https://example.com/anime' });
    if ((await link.getAttribute('href')) !== 'https://example.com/anime') throw new Error('the link is not clickable');
    if (!(await link.getAttribute('rel'))?.includes('noopener')) throw new Error('the link opens without rel=noopener');
    if (await borisPage.evaluate(() => '__pwned' in globalThis)) throw new Error('the message ran a script');
    const input = alicePage.getByPlaceholder('Введите сообщение...');
    for (let tries = 0; (await input.inputValue()) !== ''; tries++) {
      if (tries === 50) throw new Error('the input was not cleared after sending');
      await alicePage.waitForTimeout(100);
    }
    return `arrived ${arrivedMs} ms after the click`;
  });

  await step('the online dialog lists both users', async () => {
    await borisPage.getByRole('button', { name: 'Кто онлайн' }).first().click();
    const dialog = borisPage.getByRole('dialog', { name: 'Сейчас на сайте' });
    await dialog.getByRole('link', { name: `Профиль пользователя ${alice.username}` }).waitFor();
    await dialog.getByRole('link', { name: `Профиль пользователя ${boris.username}` }).waitFor();
  });

  await step('screenshots of the chat at 1280 px', async () => {
    await borisPage.keyboard.press('Escape');
    await borisPage.screenshot({ path: `${screenshotDir}/chat-1280.png` });
  });

  await step('no script errors in either browser', async () => {
    if (errors.length > 0) throw new Error(errors.join('; '));
  });
});
