#!/usr/bin/env node
// The order desk from request to release (issue #17).
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/orders-flow.e2e.mjs
// The admin (an existing account with admin rights: register it, then `npm run admin -- <email>`).
// A user asks on /orders for a title by a name the catalogue lacks; a second user asks for the same
// name in other words (spacing, case) and is told their request became a vote; the admin moves the
// request to accepted, in progress, and released with a catalogue title. The voter then has that title
// in «Запланировано» and a notification in the bell that links to it. One line per step; exit 1 on failure.
import { adminCredentialsFromEnv, apiClient, registerAccount, signIn } from './lib/accounts.mjs';
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir } from './lib/browser.mjs';

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();
const suffix = runSuffix();
const step = createStepper();
const api = apiClient(BASE_URL);
const requested = `Забытое OVA ${suffix}`;

/** Fills the desk's form with a typed name (no suggestion picked) and sends it; answers the desk's message. */
async function ask(page, name) {
  await page.goto(`${BASE_URL}/orders`);
  const form = page.getByRole('form', { name: 'Новый заказ' });
  await form.getByLabel('Аниме', { exact: true }).fill(name);
  await form.getByLabel(/^Комментарий/).fill('Очень хочу с озвучкой');
  await form.getByRole('button', { name: 'Заказать' }).click();
  return (await form.getByRole('status').textContent()).trim();
}

await runBrowserFlow('orders-flow', step, async (newContext) => {
  const requesterPage = await (await newContext()).newPage();
  const voterPage = await (await newContext()).newPage();
  const adminPage = await (await newContext()).newPage();
  const errors = [];
  [requesterPage, voterPage, adminPage].forEach((page) => page.on('pageerror', (error) => errors.push(error.message)));
  const requester = await registerAccount(BASE_URL, 'ordera', suffix);
  const voter = await registerAccount(BASE_URL, 'orderv', suffix);
  // The catalogue title the admin releases the request as: one without an open request.
  const open = new Set((await api('/orders?sort=date')).items.map((order) => order.animeId));
  const release = (await api('/anime?page=3&limit=20')).find((anime) => !open.has(anime.id));
  if (!release) throw new Error('no catalogue title to release the request as');
  const releaseId = release.id;

  await step(`${requester.username} asks for «${requested}» by name on /orders`, async () => {
    await signIn(requesterPage, BASE_URL, requester);
    const answer = await ask(requesterPage, requested);
    if (answer !== 'Заказ принят — спасибо!') throw new Error(`the desk answered «${answer}»`);
    const card = requesterPage.getByRole('listitem').filter({ has: requesterPage.getByRole('heading', { name: requested }) });
    await card.getByText('Ваш заказ').waitFor();
    await card.getByRole('button', { name: `Отозвать голос за «${requested}», сейчас 1 голос` }).waitFor();
  });

  await step(`${voter.username} asks for the same title in other words and is told it became a vote`, async () => {
    await signIn(voterPage, BASE_URL, voter);
    const answer = await ask(voterPage, `  ${requested.toUpperCase()}  `);
    if (answer !== 'Такой заказ уже есть — ваш голос учтён') throw new Error(`the desk answered «${answer}»`);
    const button = voterPage.getByRole('button', { name: `Отозвать голос за «${requested}», сейчас 2 голоса` });
    await button.waitFor();
    if ((await button.getAttribute('aria-pressed')) !== 'true') throw new Error('the vote button is not pressed');
    const orders = (await api('/orders?sort=date')).items;
    if (orders.filter((order) => order.title.toLowerCase() === requested.toLowerCase()).length !== 1) throw new Error('the duplicate made a second request');
  });

  await step(`the admin moves it: accepted, in progress, released as «${release.title}», picked by search`, async () => {
    await signIn(adminPage, BASE_URL, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await adminPage.goto(`${BASE_URL}/orders`);
    const controls = adminPage.getByRole('group', { name: `Статус заказа «${requested}»` });
    await controls.getByRole('button', { name: '→ Принят' }).click();
    await controls.getByRole('button', { name: '→ В работе' }).click();
    await controls.getByLabel('Добавить аниме').fill(release.title);
    await controls.getByRole('button', { name: `Добавить «${release.title}»` }).click();
    await controls.getByRole('list', { name: 'Вышло в каталоге как' }).getByText(release.title).waitFor();
    await controls.getByRole('button', { name: '→ Вышел' }).click();
    const card = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: release.title }) });
    await card.getByText('Вышел', { exact: true }).waitFor();
  });

  await step('the voter gets a notification in the bell that leads to the title', async () => {
    await voterPage.goto(`${BASE_URL}/`);
    const bell = voterPage.getByRole('button', { name: /^Уведомления, непрочитанных: \d+$/ });
    await bell.waitFor();
    await bell.click();
    await voterPage.getByRole('button', { name: `Заказ выполнен: «${release.title}» уже на портале и добавлено в «Запланировано»` }).click();
    await voterPage.waitForURL(`${BASE_URL}/anime/${releaseId}`);
  });

  await step('the voter has the title in «Запланировано» on their profile', async () => {
    await voterPage.goto(`${BASE_URL}/profile?tab=planned`);
    await voterPage.getByRole('tab', { name: /Запланировано/, selected: true }).waitFor();
    await voterPage.getByRole('tabpanel').getByText(release.title, { exact: true }).first().waitFor();
    await voterPage.screenshot({ path: `${screenshotDir}/orders-planned.png` });
    const entry = await api(`/users/anime/${releaseId}`, { token: voter.token });
    if (entry.status !== 'planned') throw new Error(`the entry is ${entry.status}`);
  });

  await step('no page error in any browser', async () => {
    if (errors.length) throw new Error(errors.join('; '));
  });

  await step('clean up: the voters drop the released title from their lists', async () => {
    for (const account of [requester, voter]) await api(`/users/anime/${releaseId}`, { method: 'DELETE', token: account.token });
  });
});
