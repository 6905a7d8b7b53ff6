#!/usr/bin/env node
// Two users discuss a title in their browsers (issue #14): a spoiler comment, a live reply and bell, a moderated review.
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/community-flow.e2e.mjs
// A posts a comment on /anime/20 with a spoiler pinned to episode 2, 05:00; B (no progress) sees it hidden
// and replies; A sees the reply and the bell's badge rise live (no reload) and «… ответил на ваш комментарий»
// in the bell; B writes a review that shows «На модерации» to B only; the admin (an existing account with
// admin rights: register it, then `npm run admin -- <email>`) approves it through the API; A then sees it
// on the title and B's bell says «Ваша рецензия … одобрена». One line per step; exit 1 on failure.
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir } from './lib/browser.mjs';
import { adminCredentialsFromEnv, apiClient, registerAccount, signIn, signInThroughApi } from './lib/accounts.mjs';

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();
const ANIME_ID = 20;
const suffix = runSuffix();
const step = createStepper();
const api = apiClient(BASE_URL);

const commentsOf = (page) => page.getByRole('region', { name: 'Комментарии' });
const reviewsOf = (page) => page.getByRole('region', { name: 'Рецензии' });
const bellOf = (page) => page.getByRole('button', { name: /^Уведомления/ });

/** The unread count the bell's label says (0 when it says none). */
async function unreadOf(page) {
  const label = (await bellOf(page).getAttribute('aria-label')) ?? '';
  return Number(label.match(/непрочитанных: (\d+)/)?.[1] ?? 0);
}

/** Waits until the bell's label says `count` unread (it follows the socket, never a reload). */
async function waitForUnread(page, count) {
  await page.getByRole('button', { name: `Уведомления, непрочитанных: ${count}`, exact: true }).waitFor();
}

/** Opens /anime/20 and scrolls to the comments block (lazy) until its form or list is there. */
async function openTitle(page) {
  await page.goto(`${BASE_URL}/anime/${ANIME_ID}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await bellOf(page).waitFor();
  await commentsOf(page).scrollIntoViewIfNeeded();
  await commentsOf(page).getByLabel('Текст комментария').waitFor();
}

await runBrowserFlow('community-flow', step, async (newContext) => {
  const pages = [await (await newContext()).newPage(), await (await newContext()).newPage()];
  const [alicePage, borisPage] = pages;
  const errors = [];
  pages.forEach((page) => page.on('pageerror', (error) => errors.push(error.message)));

  const [alice, boris] = await Promise.all([registerAccount(BASE_URL, 'coma', suffix), registerAccount(BASE_URL, 'comb', suffix)]);
  const commentText = `Во второй серии на пятой минуте всё решается ${suffix}`;
  const replyText = `Не спойлерите, я ещё не досмотрел ${suffix}`;

  await step(`sign in as ${alice.username} and ${boris.username}, each in a browser of their own`, async () => {
    await Promise.all([signIn(alicePage, BASE_URL, alice), signIn(borisPage, BASE_URL, boris)]);
  });

  await step(`A posts a comment on /anime/${ANIME_ID} with a spoiler pinned to episode 2 at 05:00`, async () => {
    await openTitle(alicePage);
    const block = commentsOf(alicePage);
    await block.getByLabel('Текст комментария').fill(commentText);
    await block.getByRole('checkbox', { name: 'Спойлер к серии' }).check();
    await block.getByLabel('Серия', { exact: true }).fill('2');
    await block.getByLabel('Момент (ММ:СС)').fill('05:00');
    await block.getByRole('button', { name: 'Отправить', exact: true }).click();
    const mine = block.getByRole('article', { name: `Комментарии: ${alice.username}` }).filter({ hasText: commentText });
    await mine.waitFor();
    await mine.getByText('Спойлер к серии 2, 05:00').waitFor();
  });

  const unreadBefore = await unreadOf(alicePage);

  await step('B, who has not watched that far, sees it hidden as «Спойлер к серии 2, 05:00»', async () => {
    await openTitle(borisPage);
    const hidden = commentsOf(borisPage)
      .getByRole('article', { name: `Комментарии: ${alice.username}` })
      .filter({ hasText: 'Спойлер к серии 2, 05:00' });
    await hidden.first().waitFor();
    await hidden.first().getByRole('button', { name: 'Показать', exact: true }).waitFor();
    if ((await commentsOf(borisPage).getByText(commentText, { exact: false }).count()) > 0) throw new Error("the spoiler text is in B's page");
  });

  await step("B replies; A sees the reply and the bell's badge rise live, without a reload", async () => {
    const started = Date.now();
    let navigations = 0;
    alicePage.on('framenavigated', (frame) => frame === alicePage.mainFrame() && (navigations += 1));
    const thread = commentsOf(borisPage)
      .getByRole('article', { name: `Комментарии: ${alice.username}` })
      .filter({ hasText: 'Спойлер к серии 2, 05:00' })
      .first();
    await thread.getByRole('button', { name: 'Ответить', exact: true }).first().click();
    const replyBox = commentsOf(borisPage).getByLabel(`Ответ ${alice.username}`);
    await replyBox.fill(replyText);
    await replyBox.locator('xpath=ancestor::form').getByRole('button', { name: 'Отправить', exact: true }).click();
    // B's reply as a comment (the reply box may still hold the same text for a moment).
    const ownReply = commentsOf(borisPage)
      .getByRole('article', { name: `Комментарии: ${boris.username}` })
      .filter({ hasText: replyText });
    await ownReply.first().waitFor();
    // Shown once: a duplicate (the post's answer and the live push both kept) would be a defect.
    const copies = await ownReply.evaluateAll((nodes) => nodes.map((node) => node.outerHTML.slice(0, 300)));
    if (copies.length !== 1) throw new Error(`B's reply is shown ${copies.length} times: ${copies.join(' | ')}`);
    await commentsOf(alicePage)
      .getByRole('article', { name: `Комментарии: ${boris.username}` })
      .filter({ hasText: replyText })
      .waitFor();
    await waitForUnread(alicePage, unreadBefore + 1);
    if (navigations > 0) throw new Error("A's page reloaded");
    return `reply and badge ${unreadBefore} → ${unreadBefore + 1} in ${Date.now() - started} ms`;
  });

  await step('A opens the bell and sees «… ответил на ваш комментарий»', async () => {
    await bellOf(alicePage).click();
    const popover = alicePage.getByRole('dialog', { name: 'Уведомления' });
    await popover.getByText(`${boris.username} ответил на ваш комментарий`).waitFor();
    await alicePage.screenshot({ path: `${screenshotDir}/community-bell-1280.png` });
    await alicePage.keyboard.press('Escape');
  });

  const reviewTitle = `Рецензия ${suffix}`;
  const paragraph = 'Сюжет раскрывается неторопливо, персонажи растут от серии к серии, а музыка держит настроение даже в самых тихих эпизодах. ';
  const reviewText = `${paragraph.repeat(3)}\n\n${paragraph.repeat(3)}`;
  let reviewId = '';

  await step(`B writes a review (${reviewText.trim().length} characters, score 8) and sees it «На модерации»`, async () => {
    const block = reviewsOf(borisPage);
    await block.scrollIntoViewIfNeeded();
    await block.getByRole('button', { name: 'Написать рецензию', exact: true }).click();
    const dialog = borisPage.getByRole('dialog', { name: 'Новая рецензия' });
    await dialog.getByLabel('Заголовок (необязательно)').fill(reviewTitle);
    await dialog.getByLabel('Оценка', { exact: true }).selectOption('8');
    await dialog.getByLabel('Текст рецензии').fill(reviewText);
    const created = borisPage.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/reviews');
    await dialog.getByRole('button', { name: 'Отправить на модерацию', exact: true }).click();
    const response = await created;
    if (response.status() !== 201 && response.status() !== 200) throw new Error(`POST /api/reviews answered ${response.status()}`);
    reviewId = (await response.json()).data.id;
    const mine = block.getByRole('article', { name: `Рецензия: ${boris.username}` });
    await mine.getByText('На модерации', { exact: true }).waitFor();
    await mine.getByText(reviewTitle).waitFor();
    return `review ${reviewId}`;
  });

  await step('A does not see the pending review on the title', async () => {
    await alicePage.reload();
    const block = reviewsOf(alicePage);
    await block.scrollIntoViewIfNeeded();
    // «Написать рецензию» shows only once A's list has loaded.
    await block.getByRole('button', { name: 'Написать рецензию', exact: true }).waitFor();
    if ((await block.getByRole('article', { name: `Рецензия: ${boris.username}` }).count()) > 0) throw new Error('A sees the pending review');
    if ((await alicePage.getByText(reviewTitle).count()) > 0) throw new Error("A sees the pending review's headline");
  });

  const reviewUnreadBefore = await unreadOf(borisPage);

  await step(`the admin ${ADMIN_EMAIL} approves it through the API (PUT /api/reviews/{id}/approve)`, async () => {
    const token = await signInThroughApi(BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD);
    await api(`/reviews/${encodeURIComponent(reviewId)}/approve`, { method: 'PUT', token });
  });

  await step('A then sees the review on the title', async () => {
    await alicePage.reload();
    const review = reviewsOf(alicePage).getByRole('article', { name: `Рецензия: ${boris.username}` });
    await reviewsOf(alicePage).scrollIntoViewIfNeeded();
    await review.getByText(reviewTitle).waitFor();
    if ((await review.getByText('На модерации', { exact: true }).count()) > 0) throw new Error('the approved review still says «На модерации»');
    await alicePage.screenshot({ path: `${screenshotDir}/community-review-1280.png` });
  });

  await step("B gets the review's card live (issue #18): the card dialog, closed with Escape", async () => {
    // The approval grants a card over the socket; its modal dialog would hide the bell until closed.
    const reward = borisPage.getByRole('dialog', { name: 'Вы получили карточку!' });
    if (
      !(await reward.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      ))
    )
      return 'no card dialog';
    await borisPage.keyboard.press('Escape');
    await reward.waitFor({ state: 'detached' });
    return 'shown once and closed';
  });

  await step("B's bell rises live and shows «Ваша рецензия … одобрена»", async () => {
    await waitForUnread(borisPage, reviewUnreadBefore + 1);
    await bellOf(borisPage).click();
    const popover = borisPage.getByRole('dialog', { name: 'Уведомления' });
    await popover
      .getByText(/^Ваша рецензия.* одобрена$/)
      .first()
      .waitFor();
    await borisPage.keyboard.press('Escape');
  });

  await step('no script errors in either browser', async () => {
    if (errors.length > 0) throw new Error(errors.join('; '));
  });
});
