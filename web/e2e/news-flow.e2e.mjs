#!/usr/bin/env node
// An admin publishes a news item with a cover and a linked title; readers read it; its script never runs (issue #16).
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/news-flow.e2e.mjs
// The admin (an existing account with admin rights: register it, then `npm run admin -- <email>`) opens
// /admin, writes a news item in the editor (Tiptap) with a cover uploaded from disk, a tag and Naruto
// linked, saves it as a draft; a guest cannot read the draft. The admin then puts a <script> and an
// <img onerror> into its body through the API (what a forged editor could send) and publishes it in the
// editor. A guest reads it through the API, a reader in the browser: the list shows the card with its
// cover in every width, the article shows the linked title; no script from the body ran, none is in the
// page, and no Content Security Policy violation happened. One line per step; exit 1 on failure.
import sharp from 'sharp';
import { adminCredentialsFromEnv, apiClient, registerAccount, signIn, signInThroughApi } from './lib/accounts.mjs';
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir } from './lib/browser.mjs';

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();
const ANIME_ID = 20;
const suffix = runSuffix();
const step = createStepper();
const api = apiClient(BASE_URL);
const title = `Фестиваль аниме ${suffix}`;
const HOSTILE = '<p>Вход свободный.</p><script>window.__newsPwned = "script"</script><img src="x" onerror="window.__newsPwned = \'onerror\'">';

await runBrowserFlow('news-flow', step, async (newContext) => {
  const adminPage = await (await newContext()).newPage();
  const readerPage = await (await newContext()).newPage();
  const errors = [];
  [adminPage, readerPage].forEach((page) => page.on('pageerror', (error) => errors.push(error.message)));
  const adminToken = await signInThroughApi(BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD);
  const reader = await registerAccount(BASE_URL, 'newsr', suffix);
  let item;

  await step(`sign in as the admin ${ADMIN_EMAIL} and open the admin panel's «Новости»`, async () => {
    await signIn(adminPage, BASE_URL, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await adminPage.goto(`${BASE_URL}/admin`);
    await adminPage.getByRole('heading', { name: 'Новости', level: 2 }).waitFor();
  });

  await step('write a news item in the editor: title, summary, body, tag, Naruto linked, a cover uploaded; save as a draft', async () => {
    await adminPage.getByRole('button', { name: 'Написать новость' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Новая новость' });
    await dialog.getByLabel('Заголовок').fill(title);
    await dialog.getByLabel('Краткое описание').fill('Главное событие весны');
    const body = dialog.getByRole('textbox', { name: 'Текст новости' });
    await body.click();
    await body.pressSequentially('Фестиваль пройдёт в мае.');
    await dialog.getByLabel('Теги через запятую').fill('фестиваль');
    const linked = await api(`/anime/${ANIME_ID}`);
    await dialog.getByLabel('Добавить аниме').fill(linked.title);
    await dialog.getByRole('button', { name: `Добавить «${linked.title}»`, exact: true }).click();
    await dialog.getByRole('list', { name: 'Связанные аниме: 1 аниме' }).getByText(linked.title).waitFor();
    const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 230, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'festival.jpg', mimeType: 'image/jpeg', buffer: cover });
    await dialog.getByRole('img', { name: 'Обложка новости' }).waitFor();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'detached' });
    const listed = await api('/news?limit=50', { token: adminToken });
    item = listed.data.find((news) => news.title === title);
    if (!item) throw new Error('the saved item is not in the admin list');
    if (item.status !== 'draft') throw new Error(`saved as ${item.status}, not as a draft`);
    if (JSON.stringify(item.cover?.widths) !== '[320,640,1280]') throw new Error(`cover widths ${JSON.stringify(item.cover?.widths)}`);
    if (JSON.stringify(item.animeIds) !== `[${ANIME_ID}]`) throw new Error(`linked ${JSON.stringify(item.animeIds)}`);
    if (!item.body.includes('Фестиваль пройдёт в мае.')) throw new Error(`body ${item.body}`);
  });

  await step('a guest cannot read the draft (404)', async () => {
    const response = await fetch(`${BASE_URL}/api/news/${item.slug}`);
    if (response.status !== 404) throw new Error(`a guest got ${response.status}`);
  });

  await step('a forged body with a <script> and an onerror is stored sanitised', async () => {
    const saved = await api(`/news/${item.id}`, { method: 'PUT', token: adminToken, body: { body: `${item.body}${HOSTILE}` } });
    if (/<script|onerror|__newsPwned/.test(saved.body)) throw new Error(`stored as ${saved.body}`);
    if (!saved.body.includes('Вход свободный.')) throw new Error(`the allowed text went too: ${saved.body}`);
  });

  await step('the admin publishes it in the editor', async () => {
    await adminPage.reload();
    await adminPage.getByRole('button', { name: `Изменить: ${title}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Изменить новость' });
    await dialog.getByRole('radio', { name: 'Опубликовать' }).check();
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  await step('a guest reads it through the API: in the list, by its slug', async () => {
    const list = await api('/news?tag=фестиваль');
    if (!list.data.some((news) => news.id === item.id)) throw new Error('not in the public list');
    const one = (await api(`/news/${item.slug}`)).data;
    if (one.status !== 'published' || /<script|onerror/.test(one.body)) throw new Error(`answered ${JSON.stringify(one).slice(0, 300)}`);
  });

  await step(`a reader (${reader.username}) finds the card on /news with the cover in every width`, async () => {
    await signIn(readerPage, BASE_URL, reader);
    await readerPage.goto(`${BASE_URL}/news`);
    const card = readerPage.getByRole('article', { name: title });
    await card.waitFor();
    const srcset = await card.locator('img').getAttribute('srcset');
    if (!/320w.*640w.*1280w/.test(srcset ?? '')) throw new Error(`srcset ${srcset}`);
    const loaded = await card.locator('img').evaluate((img) => img.complete && img.naturalWidth > 0);
    if (!loaded) throw new Error('the cover did not load');
    await card.getByRole('link', { name: title }).click();
  });

  await step('the article shows its body and the linked title; the body’s script and onerror never ran', async () => {
    await readerPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await readerPage.getByText('Вход свободный.').waitFor();
    await readerPage
      .getByRole('link', { name: /Наруто/ })
      .first()
      .waitFor();
    // The hostile image would have failed to load (src "x") by now, and fired its handler had it one.
    await readerPage.waitForTimeout(500);
    const pwned = await readerPage.evaluate(() => globalThis.__newsPwned ?? null);
    if (pwned !== null) throw new Error(`the body's ${pwned} ran`);
    const scripts = await readerPage.locator('.news-article script, .news-article [onerror]').count();
    if (scripts !== 0) throw new Error(`${scripts} script(s) or handler(s) in the article`);
    await readerPage.screenshot({ path: `${screenshotDir}/news-article.png` });
  });

  await step('the home page shows it in «Новости»', async () => {
    await readerPage.goto(`${BASE_URL}/`);
    const block = readerPage.getByRole('region', { name: 'Новости' });
    await block.scrollIntoViewIfNeeded().catch(() => undefined);
    await block.getByRole('link', { name: title }).waitFor();
  });

  await step('no page error in either browser', async () => {
    if (errors.length) throw new Error(errors.join('; '));
  });

  await step('clean up: the admin deletes the news item', async () => {
    await api(`/news/${item.id}`, { method: 'DELETE', token: adminToken });
  });
});
