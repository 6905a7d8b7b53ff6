#!/usr/bin/env node
// A reported comment from the report to the ban (issue #20's «Done when»).
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/moderation-flow.e2e.mjs
// A comments on /anime/20; B reports the comment («Пожаловаться на комментарий», a reason, a text); the
// admin (an existing account with admin rights: register it, then `npm run admin -- <email>`) sees the
// case in the reports queue of /admin and resolves it with «Забанить автора» (full block, 1 day, a
// reason, «Удалить то, на что пожаловались» left checked: one decision deletes the comment and bans its
// author). A's reload shows the banned screen with the reason and the end; B no longer sees the comment,
// and B's bell says «Ваша жалоба рассмотрена: нарушение подтверждено, содержимое удалено»; the audit log (no screen in the web: `GET /api/admin/audit-log` with the admin's token
// from the page) holds the ban and the resolution; /admin/reports draws its charts for 7, 30 and 90 days.
// One line per step; exit 1 on failure.
import { adminCredentialsFromEnv, apiClient, registerAccount, signIn } from './lib/accounts.mjs';
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir } from './lib/browser.mjs';

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();
const ANIME_ID = 20;
const suffix = runSuffix();
const step = createStepper();
const api = apiClient(BASE_URL);

const commentsOf = (page) => page.getByRole('region', { name: 'Комментарии' });
const bellOf = (page) => page.getByRole('button', { name: /^Уведомления/ });

/** The unread count the bell's label says (0 when it says none). */
async function unreadOf(page) {
  const label = (await bellOf(page).getAttribute('aria-label')) ?? '';
  return Number(label.match(/непрочитанных: (\d+)/)?.[1] ?? 0);
}

/** Opens /anime/20 and scrolls to the comments block (lazy) until its form is there. */
async function openTitle(page) {
  await page.goto(`${BASE_URL}/anime/${ANIME_ID}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await bellOf(page).waitFor();
  await commentsOf(page).scrollIntoViewIfNeeded();
  await commentsOf(page).getByLabel('Текст комментария').waitFor();
}

/** The ban's end as the banned screen writes it (contracts' untilPhrase: Moscow time, «(МСК)»). */
const untilText = (iso) =>
  `до ${new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' }).format(new Date(iso))} (МСК)`;

await runBrowserFlow('moderation-flow', step, async (newContext) => {
  const authorPage = await (await newContext()).newPage();
  const reporterPage = await (await newContext()).newPage();
  const adminPage = await (await newContext()).newPage();
  const errors = [];
  [authorPage, reporterPage, adminPage].forEach((page) => page.on('pageerror', (error) => errors.push(error.message)));

  const [author, reporter] = await Promise.all([registerAccount(BASE_URL, 'moda', suffix), registerAccount(BASE_URL, 'modb', suffix)]);
  const commentText = `Все, кто смотрит это аниме, ничего не понимают ${suffix}`;
  const reportText = `Оскорбляет зрителей ${suffix}`;
  const banReason = `Оскорбления в комментариях ${suffix}`;
  let banUntil = '';

  await step(`sign in as ${author.username}, ${reporter.username} and the admin, each in a browser of their own`, async () => {
    await Promise.all([
      signIn(authorPage, BASE_URL, author),
      signIn(reporterPage, BASE_URL, reporter),
      signIn(adminPage, BASE_URL, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    ]);
  });

  await step(`A comments on /anime/${ANIME_ID}`, async () => {
    await openTitle(authorPage);
    const block = commentsOf(authorPage);
    await block.getByLabel('Текст комментария').fill(commentText);
    await block.getByRole('button', { name: 'Отправить', exact: true }).click();
    await block
      .getByRole('article', { name: `Комментарии: ${author.username}` })
      .filter({ hasText: commentText })
      .waitFor();
  });

  const reporterUnreadBefore = await (async () => {
    await openTitle(reporterPage);
    return unreadOf(reporterPage);
  })();

  await step('B reports the comment: «Пожаловаться на комментарий», «Оскорбления», a text, «Отправить жалобу»', async () => {
    const comment = commentsOf(reporterPage)
      .getByRole('article', { name: `Комментарии: ${author.username}` })
      .filter({ hasText: commentText });
    await comment.waitFor();
    await comment.getByRole('button', { name: 'Пожаловаться на комментарий', exact: true }).click();
    const dialog = reporterPage.getByRole('dialog', { name: 'Пожаловаться' });
    await dialog.getByRole('radio', { name: 'Оскорбления', exact: true }).check();
    await dialog.getByRole('textbox', { name: 'Подробности' }).fill(reportText);
    const sent = reporterPage.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/reports');
    await dialog.getByRole('button', { name: 'Отправить жалобу', exact: true }).click();
    const response = await sent;
    if (response.status() !== 201 && response.status() !== 200) throw new Error(`POST /api/reports answered ${response.status()}`);
    await dialog.getByRole('status').getByText('Жалоба отправлена', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Готово', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  const caseOf = (page) =>
    page
      .getByRole('region', { name: /^Жалобы/ })
      .getByRole('article', { name: `Комментарий: ${author.username}` })
      .filter({ hasText: commentText });

  await step('the admin sees the case in the reports queue of /admin: the comment, «Жалоб: 1», B and the reason', async () => {
    await adminPage.goto(`${BASE_URL}/admin`);
    const card = caseOf(adminPage);
    await card.waitFor();
    await card.getByText('Жалоб: 1', { exact: true }).waitFor();
    const reports = card.getByRole('list', { name: 'Последние жалобы' });
    await reports.getByRole('listitem').filter({ hasText: reporter.username }).filter({ hasText: 'Оскорбления' }).filter({ hasText: reportText }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await adminPage.screenshot({ path: `${screenshotDir}/moderation-queue-1280.png` });
  });

  await step('the admin resolves it with «Забанить автора»: full block, 1 day, a reason, the comment deleted, «Наказать»', async () => {
    const card = caseOf(adminPage);
    await card.getByRole('button', { name: 'Забанить автора', exact: true }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Наказать ${author.username}?` });
    await dialog.getByRole('radio', { name: /^Полная блокировка/ }).check();
    await dialog.getByLabel('Срок').selectOption({ label: '1 день' });
    await dialog.getByRole('textbox', { name: 'Причина' }).fill(banReason);
    if (!(await dialog.getByRole('checkbox', { name: 'Удалить то, на что пожаловались' }).isChecked()))
      throw new Error('deleting the content is not offered checked');
    const decided = adminPage.waitForRequest((request) => request.method() === 'PUT' && /^\/api\/admin\/reports\/[^/]+$/.test(new URL(request.url()).pathname));
    const answered = adminPage.waitForResponse(
      (response) => response.request().method() === 'PUT' && /^\/api\/admin\/reports\/[^/]+$/.test(new URL(response.url()).pathname),
    );
    await dialog.getByRole('button', { name: 'Наказать', exact: true }).click();
    const decision = (await decided).postDataJSON();
    const response = await answered;
    if (!response.ok()) throw new Error(`PUT ${new URL(response.url()).pathname} answered ${response.status()}`);
    if (decision?.action !== 'resolve' || decision?.deleteContent !== true || decision?.ban?.kind !== 'full' || !decision?.ban?.until)
      throw new Error(`the decision sent was ${JSON.stringify(decision)}`);
    banUntil = decision.ban.until;
    const hours = (Date.parse(banUntil) - Date.now()) / 3_600_000;
    if (hours < 23 || hours > 24.1) throw new Error(`the ban ends in ${hours.toFixed(2)} h, not a day`);
    await dialog.waitFor({ state: 'detached' });
    await caseOf(adminPage).waitFor({ state: 'detached' });
    return `until ${banUntil}`;
  });

  await step('A reloads and sees the banned screen with the reason and the end date', async () => {
    await authorPage.reload();
    const screen = authorPage.getByRole('alertdialog', { name: 'Аккаунт заблокирован' });
    await screen.waitFor();
    await screen.getByText(`Причина: ${banReason}`).waitFor();
    await screen.getByText(`Блокировка действует ${untilText(banUntil)}.`).waitFor();
    await screen.getByRole('button', { name: 'Выйти из аккаунта', exact: true }).waitFor();
    await authorPage.screenshot({ path: `${screenshotDir}/moderation-banned-1280.png` });
    return untilText(banUntil);
  });

  await step('B no longer sees the comment on the title', async () => {
    await openTitle(reporterPage);
    const block = commentsOf(reporterPage);
    // The list has loaded: a comment (or the deleted one's placeholder) or the empty list's text.
    await block.getByRole('article').or(block.getByText('Комментариев пока нет. Напишите первым!')).first().waitFor();
    if ((await block.getByText(commentText).count()) > 0) throw new Error('the deleted comment is still shown to B');
  });

  await step("B's bell says «Ваша жалоба рассмотрена: нарушение подтверждено, содержимое удалено»", async () => {
    await reporterPage.getByRole('button', { name: `Уведомления, непрочитанных: ${reporterUnreadBefore + 1}`, exact: true }).waitFor();
    await bellOf(reporterPage).click();
    const popover = reporterPage.getByRole('dialog', { name: 'Уведомления' });
    await popover
      .getByText(/^Ваша жалоба рассмотрена: нарушение подтверждено, содержимое удалено/)
      .first()
      .waitFor();
    await reporterPage.screenshot({ path: `${screenshotDir}/moderation-bell-1280.png` });
    await reporterPage.keyboard.press('Escape');
  });

  await step('«Журнал действий» on /admin shows the ban and the deleted comment, by nickname: who, what, about whom', async () => {
    const token = await adminPage.evaluate(() => globalThis.localStorage.getItem('token'));
    const { user: me } = await api('/auth/verify', { token });
    await adminPage.goto(`${BASE_URL}/admin`);
    const log = adminPage.getByRole('region', { name: /^Журнал действий/ });
    const rowAbout = (label) =>
      log
        .getByRole('row')
        .filter({ has: adminPage.getByRole('cell', { name: label, exact: true }) })
        .filter({ has: adminPage.getByRole('link', { name: author.username, exact: true }) });
    const seen = [];
    for (const [event, label] of [
      ['moderation.user.banned', 'Бан'],
      ['admin.comment.deleted', 'Комментарий: удалён'],
    ]) {
      await log.getByLabel('Событие').selectOption(event);
      const row = rowAbout(label).first();
      await row.waitFor();
      await row.getByRole('link', { name: me.username, exact: true }).waitFor();
      await row.getByText('Подробнее').click();
      const details = (await row.locator('pre').allTextContents()).join('\n');
      const expected = event === 'moderation.user.banned' ? banReason : commentText.slice(0, 20);
      if (!details.includes(expected)) throw new Error(`the ${label} entry's details lack «${expected}»: ${details.slice(0, 300)}`);
      seen.push(label);
    }
    await adminPage.screenshot({ path: `${screenshotDir}/moderation-audit-log-1280.png` });
    return `${seen.join(' and ')}, by ${me.username} about ${author.username}`;
  });

  await step('«Баны по IP»: the admin bans an address for 7 days, sees it with their nickname, and lifts it after confirming', async () => {
    const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const section = adminPage.getByRole('region', { name: /^Баны по IP/ });
    const form = section.getByRole('form', { name: 'Новый бан по IP' });
    await form.getByLabel('IP-адрес').fill(ip);
    await form.getByLabel('Причина').fill('Непристойные никнеймы');
    await form.getByLabel('Срок').selectOption({ label: '7 дней' });
    await form.getByRole('button', { name: 'Забанить IP' }).click();
    const row = section.getByRole('row').filter({ hasText: ip });
    await row.getByText('Непристойные никнеймы').waitFor();
    const { user: me } = await api('/auth/verify', { token: await adminPage.evaluate(() => globalThis.localStorage.getItem('token')) });
    await row.getByRole('link', { name: me.username, exact: true }).waitFor();
    await row.getByRole('button', { name: `Снять бан с ${ip}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Снять бан по IP?' });
    await dialog.getByRole('button', { name: 'Снять' }).click();
    // The dialog closes once the DELETE has succeeded. While it is open the page behind it is hidden from
    // role queries, so «the row is gone» alone was true at once, before the ban was lifted.
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    const left = await api('/admin/ip-bans', { token: await adminPage.evaluate(() => globalThis.localStorage.getItem('token')) });
    if (left.some((ban) => ban.ip === ip)) throw new Error(`${ip} is still banned`);
    return `${ip} banned by ${me.username} and lifted`;
  });

  await step('/admin/reports draws the charts (recharts SVG) and its 7/30/90 range buttons switch', async () => {
    await adminPage.goto(`${BASE_URL}/admin/reports`);
    await adminPage.getByRole('heading', { level: 1, name: 'Статистика сайта' }).waitFor();
    const ranges = adminPage.getByRole('group', { name: 'Период' });
    // A chart's own surface (its legend's icons are small SVGs of the same class).
    const chartSvg = '.recharts-wrapper > svg.recharts-surface';
    const charts = () => adminPage.locator(`figure.site-stats__chart ${chartSvg}`);
    await charts().first().waitFor();
    const drawn = [];
    for (const days of [30, 90, 7]) {
      const loaded = adminPage
        .waitForResponse(
          (response) => new URL(response.url()).pathname === '/api/admin/stats' && new URL(response.url()).searchParams.get('days') === String(days),
        )
        .catch(() => null);
      const button = ranges.getByRole('button', { name: `${days} дней`, exact: true });
      await button.click();
      await adminPage.waitForFunction(
        (name) => [...globalThis.document.querySelectorAll('[aria-pressed="true"]')].some((node) => node.textContent === name),
        `${days} дней`,
      );
      if (days !== 7 && !(await loaded)) throw new Error(`no /api/admin/stats?days=${days} request`);
      await charts().first().waitFor();
      for (const name of ['Люди', 'Активность', 'Жалобы']) await adminPage.getByRole('figure', { name }).locator(chartSvg).waitFor();
      // Drawn within the page: a chart wider than the window (a width that feeds on itself) is a defect.
      await adminPage.waitForTimeout(300);
      const widths = await charts().evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().width)));
      const overflow = await adminPage.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
      if (widths.some((width) => width > 1280) || overflow > 0)
        throw new Error(`the charts are ${widths.join(', ')} px wide, the page overflows by ${overflow} px`);
      drawn.push(`${days} days: ${widths.length} charts, ${widths[0]} px`);
    }
    await adminPage.screenshot({ path: `${screenshotDir}/moderation-stats-1280.png`, fullPage: true });
    return drawn.join(', ');
  });

  await step('no script errors in any browser', async () => {
    if (errors.length > 0) throw new Error(errors.join('; '));
  });
});
