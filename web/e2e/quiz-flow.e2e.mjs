#!/usr/bin/env node
// A quiz from its creation to a played score (issue #17).
//   BASE_URL=http://localhost:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… node e2e/quiz-flow.e2e.mjs
// The admin (an existing account with admin rights: register it, then `npm run admin -- <email>`).
// A user writes a quiz in the editor (/quiz/new: a cover uploaded from disk, three questions, one with
// two right options, a time limit) and finds it «На модерации» in «Мои квизы»; it is not listed for
// others. The admin approves it in the admin panel's «Квизы на проверке»; its author is notified.
// Another user plays it on /quiz/:id one question at a time with the timer running and sees the score
// the server computed (2 of 3) with the right answers; a score forged through the API is ignored.
// One line per step; exit 1 on failure.
import sharp from 'sharp';
import { adminCredentialsFromEnv, apiClient, registerAccount, signIn, signInThroughApi } from './lib/accounts.mjs';
import { baseUrlFromEnv, createStepper, runBrowserFlow, runSuffix, screenshotDir } from './lib/browser.mjs';

const BASE_URL = baseUrlFromEnv();
const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = adminCredentialsFromEnv();
const suffix = runSuffix();
const step = createStepper();
const api = apiClient(BASE_URL);
const title = `Знаток Наруто ${suffix}`;
const QUESTIONS = [
  { text: 'Как зовут лиса внутри Наруто?', options: ['Курама', 'Шукаку'], correct: [0] },
  { text: 'Кто из них из команды 7?', options: ['Саске', 'Сакура', 'Гаара'], correct: [0, 1] },
  { text: 'Какая деревня родная для Наруто?', options: ['Коноха', 'Суна'], correct: [0] },
];

await runBrowserFlow('quiz-flow', step, async (newContext) => {
  const authorPage = await (await newContext()).newPage();
  const adminPage = await (await newContext()).newPage();
  const playerPage = await (await newContext()).newPage();
  const errors = [];
  [authorPage, adminPage, playerPage].forEach((page) => page.on('pageerror', (error) => errors.push(error.message)));
  const adminToken = await signInThroughApi(BASE_URL, ADMIN_EMAIL, ADMIN_PASSWORD);
  const author = await registerAccount(BASE_URL, 'quiza', suffix);
  const player = await registerAccount(BASE_URL, 'quizp', suffix);
  let quiz;

  await step(`${author.username} writes a quiz in the editor: a cover, three questions, a time limit`, async () => {
    await signIn(authorPage, BASE_URL, author);
    await authorPage.goto(`${BASE_URL}/quiz`);
    await authorPage.getByRole('link', { name: 'Создать квиз' }).click();
    await authorPage.getByRole('heading', { level: 1, name: 'Новый квиз' }).waitFor();
    await authorPage.getByLabel('Название').fill(title);
    await authorPage.getByLabel('Описание').fill('Три вопроса для настоящих фанатов');
    await authorPage.getByLabel(/^Ограничение времени/).fill('300');
    const cover = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 240, g: 140, b: 30 } } })
      .png()
      .toBuffer();
    await authorPage.getByLabel('Обложка').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    await authorPage.getByRole('img', { name: 'Загруженное изображение' }).waitFor();
    for (const [index, question] of QUESTIONS.entries()) {
      const group = authorPage.getByRole('group', { name: `Вопрос ${index + 1}`, exact: true });
      await group.getByLabel('Текст вопроса').fill(question.text);
      for (const [at, option] of question.options.entries()) {
        if (at >= 2) await group.getByRole('button', { name: 'Добавить вариант' }).click();
        await group.getByRole('textbox', { name: `Вариант ${at + 1}`, exact: true }).fill(option);
      }
      for (const at of question.correct) await group.getByRole('checkbox', { name: `Вариант ${at + 1} правильный` }).check();
    }
    await authorPage.getByRole('button', { name: 'Отправить на модерацию' }).click();
    await authorPage.waitForURL(/\/quiz\?tab=mine$/);
  });

  await step('it waits in «Мои квизы» as «На модерации» and is not listed for others', async () => {
    const card = authorPage.getByRole('list', { name: 'Мои квизы' }).getByRole('listitem').filter({ hasText: title });
    await card.getByText('На модерации').waitFor();
    const mine = await api('/quiz/mine', { token: author.token });
    quiz = mine.items.find((item) => item.title === title);
    if (!quiz || quiz.status !== 'pending' || quiz.questionCount !== 3 || quiz.timeLimitSeconds !== 300 || !quiz.coverUrl)
      throw new Error(`stored as ${JSON.stringify(quiz)}`);
    const listed = await api('/quiz?sort=new');
    if (listed.items.some((item) => item.id === quiz.id)) throw new Error('a pending quiz is listed');
  });

  await step('the admin approves it in the admin panel’s «Квизы на проверке»', async () => {
    await signIn(adminPage, BASE_URL, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await adminPage.goto(`${BASE_URL}/admin`);
    const item = adminPage.getByRole('article', { name: `Квиз «${title}»` });
    await item.getByText('Вопросы и ответы').click();
    await item.getByText('Сакура — ✓ верный').waitFor();
    await item.getByRole('button', { name: 'Одобрить' }).click();
    await item.waitFor({ state: 'detached' });
    const approved = await api(`/quiz/${quiz.id}`);
    if (approved.status !== 'approved') throw new Error(`status ${approved.status}`);
  });

  await step('its author is told in the notifications', async () => {
    const { items } = await api('/notifications', { token: author.token });
    if (!items.some((item) => item.kind === 'quiz.approved' && item.target.quizId === quiz.id))
      throw new Error(`notifications: ${JSON.stringify(items.map((item) => item.kind))}`);
  });

  await step(`${player.username} finds it on /quiz and plays it one question at a time with the timer running`, async () => {
    await signIn(playerPage, BASE_URL, player);
    await playerPage.goto(`${BASE_URL}/quiz?tab=new`);
    await playerPage.getByRole('link', { name: title }).click();
    await playerPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await playerPage.getByRole('button', { name: 'Начать' }).click();
    await playerPage.getByRole('heading', { name: QUESTIONS[0].text }).waitFor();
    const timer = await playerPage.getByRole('timer').textContent();
    if (!/^[45]:\d\d$/.test(timer ?? '')) throw new Error(`timer shows ${timer}`);
    await playerPage.getByRole('radio', { name: 'Курама' }).check();
    await playerPage.getByRole('button', { name: 'Дальше' }).click();
    // Only one of the two right options: this answer is wrong.
    await playerPage.getByRole('checkbox', { name: 'Саске' }).check();
    await playerPage.getByRole('button', { name: 'Дальше' }).click();
    await playerPage.getByRole('radio', { name: 'Коноха' }).check();
    await playerPage.getByRole('button', { name: 'Завершить' }).click();
  });

  await step('the result is the server’s: 2 of 3, with the right answer to the missed question and a link to share', async () => {
    await playerPage.getByRole('heading', { name: 'Результат' }).waitFor();
    await playerPage.getByText('2 из 3', { exact: true }).waitFor();
    await playerPage.getByText('Правильный ответ: Саске, Сакура').waitFor();
    const link = await playerPage.getByRole('textbox', { name: 'Ссылка на квиз' }).inputValue();
    if (!link.endsWith(`/quiz/${quiz.id}`)) throw new Error(`share link ${link}`);
    await playerPage.screenshot({ path: `${screenshotDir}/quiz-result.png` });
  });

  await step('a forged score sent through the API is ignored; the best result stays 2 of 3', async () => {
    const attempt = await api(`/quiz/${quiz.id}/attempts`, { method: 'POST', token: player.token });
    const result = await api('/user/quiz-result', {
      method: 'POST',
      token: player.token,
      body: { quizId: quiz.id, attemptId: attempt.attemptId, answers: [[1], [], []], score: 3, totalQuestions: 3 },
    });
    if (result.score !== 0 || result.best.score !== 2) throw new Error(`answered ${JSON.stringify(result)}`);
  });

  await step('no page error in any browser', async () => {
    if (errors.length) throw new Error(errors.join('; '));
  });

  await step('clean up: the admin deletes the quiz', async () => {
    await api(`/quiz/${quiz.id}`, { method: 'DELETE', token: adminToken });
  });
});
