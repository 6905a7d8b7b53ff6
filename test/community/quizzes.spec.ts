import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  type EventPayload,
  QUIZ_DAILY_LIMIT,
  QUIZ_MESSAGES,
  QUIZ_PENDING_LIMIT,
  type QuizAttempt,
  type QuizEditable,
  type QuizResult,
  type QuizSummary,
} from '@portal/contracts';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { adminActionsOn, type CommunityStack, DEATH_NOTE, expectAdminAction, expectFieldError, startCommunityStack } from './community-test-kit';

/**
 * Quizzes through the gateway (docs/community.md, «Quizzes»), against the real services, PostgreSQL
 * and Redis: writing, moderation, playing with a server-computed score, and the result event.
 */
describe('quizzes', () => {
  let stack: CommunityStack;
  let admin: RegisteredUser;
  const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);

  /** A valid quiz of `count` questions; the correct option of question i is option i % 3 (question 1 has two). */
  const quizBody = (overrides: Record<string, unknown> = {}, count = 4) => ({
    title: `Квиз ${randomUUID().slice(0, 8)}`,
    description: 'Проверьте, как хорошо вы помните «Тетрадь смерти»',
    animeIds: [DEATH_NOTE.id],
    questions: Array.from({ length: count }, (_, index) => ({
      text: `Вопрос ${index + 1}?`,
      options: ['Лайт', 'L', 'Миса', 'Рюк'],
      correct: index === 1 ? [1, 3] : [index % 3],
    })),
    ...overrides,
  });
  /** The answers that score `right` of the quiz above. */
  const answersScoring = (right: number, count = 4) =>
    Array.from({ length: count }, (_, index) => (index < right ? (index === 1 ? [1, 3] : [index % 3]) : [index === 1 ? 0 : (index + 1) % 3]));

  const create = (user: RegisteredUser | undefined, body: unknown) => stack.api.post('/api/quiz', body, auth(user));
  const created = async (user: RegisteredUser, body: Record<string, unknown> = quizBody()): Promise<QuizEditable> => {
    const res = await create(user, body);
    if (res.status !== 201) throw new Error(`POST /api/quiz → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** `null`: a guest. */
  const approve = (id: string, user: RegisteredUser | null = admin) => stack.api.put(`/api/quiz/${id}/approve`, undefined, auth(user ?? undefined));
  const reject = (id: string, body: unknown, user: RegisteredUser | null = admin) => stack.api.put(`/api/quiz/${id}/reject`, body, auth(user ?? undefined));
  const approved = async (user: RegisteredUser, body?: Record<string, unknown>) => {
    const quiz = await created(user, body);
    expect((await approve(quiz.id)).status).toBe(200);
    return quiz;
  };
  const start = (id: string, user?: RegisteredUser) => stack.api.post(`/api/quiz/${id}/attempts`, undefined, auth(user));
  const started = async (id: string, user: RegisteredUser): Promise<QuizAttempt> => {
    const res = await start(id, user);
    if (res.status !== 201) throw new Error(`POST attempts → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const submit = (user: RegisteredUser | undefined, body: unknown) => stack.api.post('/api/user/quiz-result', body, auth(user));
  const state = async () =>
    JSON.stringify(
      await stack.db.query(
        `SELECT (SELECT json_agg(q ORDER BY id) FROM community.quizzes q) AS quizzes, (SELECT json_agg(a ORDER BY id) FROM community.quiz_attempts a) AS attempts,
                (SELECT json_agg(r ORDER BY quiz_id, user_id) FROM community.quiz_results r) AS results,
                (SELECT count(*) FROM community.outbox WHERE event_name = 'community.quiz.result.recorded') AS events`,
      ),
    );
  const events = async (attemptId: string): Promise<Array<EventPayload<'community.quiz.result.recorded'>>> =>
    (
      await stack.db.query(`SELECT payload FROM community.outbox WHERE event_name = 'community.quiz.result.recorded' AND payload->>'attemptId' = $1`, [
        attemptId,
      ])
    ).map((row) => row.payload as EventPayload<'community.quiz.result.recorded'>);
  const hasAnswers = (value: unknown) => JSON.stringify(value).includes('"correct"');

  beforeAll(async () => {
    stack = await startCommunityStack('quizzes');
    admin = await stack.admin();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('writing', () => {
    it('creates a pending quiz with its linked titles, shown to its author with the answers', async () => {
      const author = await stack.user();
      const body = quizBody({ timeLimitSeconds: 120, title: '  Знаток   «Тетради» ' });
      const quiz = await created(author, body);
      expect(quiz).toMatchObject({
        title: 'Знаток «Тетради»',
        status: 'pending',
        questionCount: 4,
        timeLimitSeconds: 120,
        mine: true,
        rejectionReason: null,
        players: 0,
        author: { id: author.id },
      });
      expect(quiz.anime).toEqual([{ id: DEATH_NOTE.id, title: expect.any(String) }]);
      expect(quiz.questions[1]).toMatchObject({ options: ['Лайт', 'L', 'Миса', 'Рюк'], correct: [1, 3], image: null, imageUrl: null });
      const editor = await stack.api.get(`/api/quiz/${quiz.id}/edit`, auth(author));
      expect(editor.body.data.questions).toHaveLength(4);
    });

    it('refuses bad input with a Russian message, storing nothing', async () => {
      const author = await stack.user();
      const before = await state();
      const question = { text: 'Кто?', options: ['а', 'б'], correct: [0] };
      const cases: Array<[Record<string, unknown>, string]> = [
        [quizBody({ title: 'ab' }), 'title'],
        [quizBody({ title: 'x'.repeat(121) }), 'title'],
        [quizBody({ title: 'Ок\u0000ок' }), 'title'],
        [quizBody({ description: 'x'.repeat(1001) }), 'description'],
        [quizBody({ cover: 'not-an-id' }), 'cover'],
        [quizBody({ animeIds: [0] }), 'animeIds.0'],
        [quizBody({ animeIds: Array.from({ length: 11 }, (_, index) => index + 1) }), 'animeIds'],
        [quizBody({ animeIds: [999_999_999] }), 'animeIds.0'],
        [quizBody({ timeLimitSeconds: 5 }), 'timeLimitSeconds'],
        [quizBody({ timeLimitSeconds: 3601 }), 'timeLimitSeconds'],
        [quizBody({ questions: [question, question] }), 'questions'],
        [quizBody({}, 51), 'questions'],
        [quizBody({ questions: [question, question, { ...question, text: '   ' }] }), 'questions.2.text'],
        [quizBody({ questions: [question, question, { ...question, options: ['а'] }] }), 'questions.2.options'],
        [quizBody({ questions: [question, question, { ...question, options: ['а', 'б', 'в', 'г', 'д', 'е', 'ж'] }] }), 'questions.2.options'],
        [quizBody({ questions: [question, question, { ...question, options: ['а', 'А'] }] }), 'questions.2.options'],
        [quizBody({ questions: [question, question, { ...question, correct: [] }] }), 'questions.2.correct'],
        [quizBody({ questions: [question, question, { ...question, correct: [2] }] }), 'questions.2.correct'],
        [quizBody({ questions: [question, question, { ...question, image: 'x' }] }), 'questions.2.image'],
      ];
      for (const [body, field] of cases) expectFieldError(await create(author, body), field);
      expectFieldError(await create(author, { ...quizBody(), questions: 'много' }), 'questions');
      expect(await state()).toBe(before);
      expect((await create(undefined, quizBody())).status).toBe(401);
    });

    it('limits pending quizzes per author (429), and counts them again once moderated', async () => {
      const author = await stack.user();
      const made: QuizEditable[] = [];
      for (let index = 0; index < QUIZ_PENDING_LIMIT; index++) made.push(await created(author));
      const refused = await create(author, quizBody());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED', message: QUIZ_MESSAGES.pendingLimit });
      expect((await approve(made[0].id)).status).toBe(200);
      await created(author);
      // The daily limit: the quizzes of this day, whatever their status.
      await stack.db.query(`UPDATE community.quizzes SET status = 'approved' WHERE author_id = $1`, [author.id]);
      for (let index = QUIZ_PENDING_LIMIT + 1; index < QUIZ_DAILY_LIMIT; index++) {
        await created(author);
        await stack.db.query(`UPDATE community.quizzes SET status = 'approved' WHERE author_id = $1`, [author.id]);
      }
      expect((await create(author, quizBody())).body).toMatchObject({ code: 'RATE_LIMITED', message: QUIZ_MESSAGES.dailyLimit });
    });

    it("lets the author or an admin edit (back to pending) and delete; others get 403, guests 401; an admin's edit and deletion are admin actions", async () => {
      const [author, other] = [await stack.user(), await stack.user()];
      const quiz = await approved(author);
      const changed = { ...quizBody(), title: 'Новое название' };
      expect((await stack.api.put(`/api/quiz/${quiz.id}`, changed, auth(other))).status).toBe(403);
      expect((await stack.api.put(`/api/quiz/${quiz.id}`, changed)).status).toBe(401);
      expect((await stack.api.get(`/api/quiz/${quiz.id}/edit`, auth(other))).status).toBe(403);
      expectFieldError(await stack.api.put(`/api/quiz/${quiz.id}`, { ...changed, questions: [] }, auth(author)), 'questions');
      const edited = await stack.api.put(`/api/quiz/${quiz.id}`, changed, auth(author));
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ title: 'Новое название', status: 'pending' });
      // Pending again: no longer listed, and hidden from others.
      expect((await stack.api.get(`/api/quiz/${quiz.id}`, auth(other))).status).toBe(404);
      expect((await stack.api.get(`/api/quiz/${quiz.id}/edit`, auth(other))).status).toBe(404);
      const byAdmin = await stack.api.put(`/api/quiz/${quiz.id}`, { ...changed, title: 'Поправил админ' }, auth(admin));
      expect(byAdmin.body.data).toMatchObject({ title: 'Поправил админ', status: 'pending', mine: false });
      expect((await stack.api.delete(`/api/quiz/${quiz.id}`, auth(other))).status).toBe(404);
      expect((await stack.api.delete(`/api/quiz/${quiz.id}`, auth(author))).status).toBe(200);
      expect((await stack.api.get(`/api/quiz/${quiz.id}`, auth(author))).status).toBe(404);
      const another = await approved(author);
      expect((await stack.api.delete(`/api/quiz/${another.id}`, auth(other))).status).toBe(403);
      expect((await stack.api.delete(`/api/quiz/${another.id}`, auth(admin))).status).toBe(200);
      const missing = randomUUID();
      expect((await stack.api.delete(`/api/quiz/${missing}`, auth(admin))).status).toBe(404);
      // The author's own edit is not an admin action; the admin's edit of it is, with what it changed.
      expect((await adminActionsOn(stack, 'quiz', quiz.id)).map((action) => action.action)).toEqual(['approved', 'updated']);
      await expectAdminAction(stack, {
        target: 'quiz',
        targetId: quiz.id,
        action: 'updated',
        actorId: admin.id,
        subjectUserId: author.id,
        before: { title: 'Новое название' },
        after: { title: 'Поправил админ' },
      });
      expect(await adminActionsOn(stack, 'quiz', missing)).toEqual([]);
      await expectAdminAction(stack, {
        target: 'quiz',
        targetId: another.id,
        action: 'deleted',
        actorId: admin.id,
        subjectUserId: author.id,
        before: { title: another.title, description: another.description, animeIds: [DEATH_NOTE.id], questionCount: 4, status: 'approved' },
        after: null,
      });
      expectFieldError(await stack.api.delete('/api/quiz/nope', auth(admin)), 'id');
    });

    it('takes an uploaded cover and question image (checked by content) and refuses anything else', async () => {
      const author = await stack.user();
      const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .png()
        .toBuffer();
      const form = (bytes: Buffer) => {
        const data = new FormData();
        data.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'cover.png');
        return data;
      };
      expect((await stack.api.post('/api/quiz/images', form(png))).status).toBe(401);
      const upload = await stack.api.post('/api/quiz/images', form(png), auth(author));
      expect(upload.status).toBe(201);
      expect(upload.body.data.url).toBe(`/uploads/quiz/${upload.body.data.id}-640.webp`);
      const file = await fetch(new URL(upload.body.data.url, stack.gatewayUrl));
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(640);
      const fake = await stack.api.post('/api/quiz/images', form(Buffer.from('<?php echo 1; ?>'.repeat(20))), auth(author));
      expectFieldError(fake, 'file');
      const body = quizBody();
      body.questions[0] = { ...body.questions[0], image: upload.body.data.id } as (typeof body.questions)[0];
      const quiz = await created(author, { ...body, cover: upload.body.data.id });
      expect(quiz.coverUrl).toBe(upload.body.data.url);
      expect(quiz.questions[0].imageUrl).toBe(upload.body.data.url);
    });
  });

  describe('reading', () => {
    it('lists approved quizzes only, by players, date or title, paginated; a guest sees no answers', async () => {
      const [author, player] = [await stack.user(), await stack.user()];
      await stack.db.query(`UPDATE community.quizzes SET status = 'rejected', rejection_reason = 'очистка' WHERE status = 'approved'`);
      const first = await approved(author, quizBody({ title: 'Б-квиз' }));
      const second = await approved(author, quizBody({ title: 'А-квиз' }));
      const hidden = await created(author, quizBody({ title: 'В-квиз' }));
      const attempt = await started(first.id, player);
      await submit(player, { quizId: first.id, attemptId: attempt.attemptId, answers: answersScoring(4) });
      const list = async (query: string) => (await stack.api.get(`/api/quiz${query}`)).body.data;
      expect((await list('')).items.map((quiz: QuizSummary) => quiz.id)).toEqual([first.id, second.id]);
      expect((await list('?sort=new')).items.map((quiz: QuizSummary) => quiz.id)).toEqual([second.id, first.id]);
      expect((await list('?sort=title')).items.map((quiz: QuizSummary) => quiz.title)).toEqual(['А-квиз', 'Б-квиз']);
      expect(await list('?page=2')).toMatchObject({ items: [], page: 2, total: 2, limit: 20 });
      expect((await list('')).items[0]).toMatchObject({ players: 1, best: null, questionCount: 4 });
      const asPlayer = (await stack.api.get('/api/quiz', auth(player))).body.data.items;
      expect(asPlayer[0].best).toEqual({ score: 4, totalQuestions: 4, success: true });
      expect(hasAnswers(await list(''))).toBe(false);
      expect(hasAnswers((await stack.api.get(`/api/quiz/${first.id}`)).body)).toBe(false);
      expect((await stack.api.get(`/api/quiz/${hidden.id}`)).status).toBe(404);
      expect((await stack.api.get(`/api/quiz/${hidden.id}`, auth(player))).status).toBe(404);
      expect((await stack.api.get(`/api/quiz/${hidden.id}`, auth(author))).body.data.status).toBe('pending');
      expect((await stack.api.get(`/api/quiz/${hidden.id}`, auth(admin))).status).toBe(200);
      expectFieldError(await stack.api.get('/api/quiz?sort=best'), 'sort');
      expectFieldError(await stack.api.get('/api/quiz?page=0'), 'page');
      expectFieldError(await stack.api.get('/api/quiz/123'), 'id');
    });

    it('shows an author their quizzes in every status with the reject reason', async () => {
      const [author, other] = [await stack.user(), await stack.user()];
      const waiting = await created(author);
      const published = await approved(author);
      const refused = await created(author);
      expect((await reject(refused.id, { reason: '  Вопросы с ошибками ' })).status).toBe(200);
      const mine = (await stack.api.get('/api/quiz/mine', auth(author))).body.data;
      expect(mine.items.map((quiz: QuizSummary) => [quiz.id, quiz.status, quiz.rejectionReason])).toEqual([
        [refused.id, 'rejected', 'Вопросы с ошибками'],
        [published.id, 'approved', null],
        [waiting.id, 'pending', null],
      ]);
      expect(hasAnswers(mine)).toBe(false);
      expect((await stack.api.get('/api/quiz/mine', auth(other))).body.data.items).toEqual([]);
      expect((await stack.api.get('/api/quiz/mine')).status).toBe(401);
    });
  });

  describe('moderation', () => {
    it('is for admins: guest 401, user 403, admin 2xx; lists pending quizzes only, with their answers', async () => {
      const [author, user] = [await stack.user(), await stack.user()];
      const quiz = await created(author);
      const done = await approved(author);
      expect((await stack.api.get('/api/quiz/moderation')).status).toBe(401);
      expect((await stack.api.get('/api/quiz/moderation', auth(user))).status).toBe(403);
      const queue = await stack.api.get('/api/quiz/moderation', auth(admin));
      expect(queue.status).toBe(200);
      const ids = queue.body.data.items.map((item: QuizEditable) => item.id);
      expect(ids).toContain(quiz.id);
      expect(ids).not.toContain(done.id);
      expect(queue.body.data.items.every((item: QuizEditable) => item.status === 'pending')).toBe(true);
      expect(queue.body.data.items.find((item: QuizEditable) => item.id === quiz.id).questions[1].correct).toEqual([1, 3]);
      for (const [call, expected] of [
        [() => approve(quiz.id, null), 401],
        [() => approve(quiz.id, user), 403],
        [() => reject(quiz.id, { reason: 'нет' }, null), 401],
        [() => reject(quiz.id, { reason: 'нет' }, user), 403],
      ] as const) {
        expect((await call()).status).toBe(expected);
      }
      expect((await stack.db.query('SELECT status FROM community.quizzes WHERE id = $1', [quiz.id]))[0].status).toBe('pending');
      expect(await adminActionsOn(stack, 'quiz', quiz.id)).toEqual([]);
    });

    it('approves or rejects a pending quiz once, notifying the author and publishing one admin action', async () => {
      const author = await stack.user();
      const [good, bad] = [await created(author, quizBody({ title: 'Хороший квиз' })), await created(author, quizBody({ title: 'Плохой квиз' }))];
      const before = await state();
      expectFieldError(await reject(bad.id, {}), 'reason');
      expectFieldError(await reject(bad.id, { reason: '   ' }), 'reason');
      expectFieldError(await reject(bad.id, { reason: 'я'.repeat(501) }), 'reason');
      expect((await approve(randomUUID())).status).toBe(404);
      expect(await state()).toBe(before);
      const ok = await approve(good.id);
      expect(ok.body.data).toMatchObject({ id: good.id, status: 'approved' });
      expect((await approve(good.id)).body).toMatchObject({ code: 'CONFLICT', message: QUIZ_MESSAGES.notPending });
      expect((await reject(bad.id, { reason: 'Спойлеры' })).body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Спойлеры' });
      expect((await approve(bad.id)).status).toBe(409);
      const decided = { target: 'quiz', actorId: admin.id, subjectUserId: author.id } as const;
      await expectAdminAction(stack, { ...decided, targetId: good.id, action: 'approved', before: { status: 'pending' }, after: { status: 'approved' } });
      await expectAdminAction(stack, {
        ...decided,
        targetId: bad.id,
        action: 'rejected',
        before: { status: 'pending', reason: null },
        after: { status: 'rejected', reason: 'Спойлеры' },
      });
      expect((await adminActionsOn(stack, 'quiz', good.id)).length + (await adminActionsOn(stack, 'quiz', bad.id)).length).toBe(2);
      const told = await waitFor(async () => {
        const items = (await stack.api.get('/api/notifications', auth(author))).body.data.items;
        return items.length >= 2 ? items : undefined;
      });
      expect(told.map((item: { kind: string; text: string }) => [item.kind, item.text])).toEqual(
        expect.arrayContaining([
          ['quiz.approved', 'Ваш квиз «Хороший квиз» одобрен и опубликован'],
          ['quiz.rejected', 'Ваш квиз «Плохой квиз» отклонён: Спойлеры'],
        ]),
      );
      // A rejected quiz, edited, waits for moderation again.
      const edited = await stack.api.put(`/api/quiz/${bad.id}`, quizBody(), auth(author));
      expect(edited.body.data).toMatchObject({ status: 'pending', rejectionReason: null });
    });
  });

  describe('playing', () => {
    it('hands out the questions without answers, scores on the server and ignores a forged score', async () => {
      const [author, player] = [await stack.user(), await stack.user()];
      const quiz = await approved(author);
      expect((await start(quiz.id)).status).toBe(401);
      const attempt = await started(quiz.id, player);
      expect(hasAnswers(attempt)).toBe(false);
      expect(attempt).toMatchObject({ quizId: quiz.id, timeLimitSeconds: null, expiresAt: null });
      expect(attempt.questions[0]).toEqual({ text: 'Вопрос 1?', imageUrl: null, options: ['Лайт', 'L', 'Миса', 'Рюк'], multiple: false });
      expect(attempt.questions[1].multiple).toBe(true);

      const res = await submit(player, {
        quizId: quiz.id,
        attemptId: attempt.attemptId,
        answers: answersScoring(2),
        score: 4,
        totalQuestions: 4,
        userId: author.id,
      });
      expect(res.status).toBe(200);
      const result: QuizResult = res.body.data;
      expect(result).toMatchObject({
        score: 2,
        totalQuestions: 4,
        success: false,
        best: { score: 2, totalQuestions: 4, success: false },
        shareUrl: `/quiz/${quiz.id}`,
      });
      expect(result.answers.map((answer) => answer.right)).toEqual([true, true, false, false]);
      expect(result.answers[1]).toEqual({ selected: [1, 3], correct: [1, 3], right: true });
      const [row] = await stack.db.query('SELECT user_id, best_score FROM community.quiz_results WHERE quiz_id = $1', [quiz.id]);
      expect(row).toEqual({ user_id: player.id, best_score: 2 });
    });

    it('refuses to play a quiz that is not approved, and bad submissions, changing nothing', async () => {
      const [author, player, stranger] = [await stack.user(), await stack.user(), await stack.user()];
      const waiting = await created(author);
      expect((await start(waiting.id, player)).status).toBe(404);
      expect((await start(waiting.id, author)).body).toMatchObject({ code: 'CONFLICT', message: QUIZ_MESSAGES.notPlayable });
      expect((await start(randomUUID(), player)).status).toBe(404);
      const quiz = await approved(author);
      const attempt = await started(quiz.id, player);
      const before = await state();
      const body = { quizId: quiz.id, attemptId: attempt.attemptId, answers: answersScoring(4) };
      expect((await submit(undefined, body)).status).toBe(401);
      expect((await submit(stranger, body)).body).toMatchObject({ code: 'NOT_FOUND', message: QUIZ_MESSAGES.attemptNotFound });
      expect((await submit(player, { ...body, quizId: waiting.id })).status).toBe(404);
      expectFieldError(await submit(player, { ...body, answers: answersScoring(4).slice(1) }), 'answers');
      expectFieldError(await submit(player, { ...body, answers: [[0], [9], [0], [0]] }), 'answers.1.0');
      expectFieldError(await submit(player, { ...body, answers: 'все верно' }), 'answers');
      expectFieldError(await submit(player, { ...body, attemptId: 'x' }), 'attemptId');
      expectFieldError(await submit(player, { ...body, quizId: undefined }), 'quizId');
      expect(await state()).toBe(before);
    });

    it('refuses an attempt past its time limit and one begun before an edit', async () => {
      const [author, player] = [await stack.user(), await stack.user()];
      const quiz = await approved(author, quizBody({ timeLimitSeconds: 60 }));
      const attempt = await started(quiz.id, player);
      const left = Date.parse(attempt.expiresAt as string) - Date.parse(attempt.startedAt);
      expect(left).toBe(60_000);
      // Within the grace after the limit: still taken.
      await stack.db.query(`UPDATE community.quiz_attempts SET expires_at = now() - interval '3 seconds' WHERE id = $1`, [attempt.attemptId]);
      expect((await submit(player, { quizId: quiz.id, attemptId: attempt.attemptId, answers: answersScoring(1) })).status).toBe(200);
      const late = await started(quiz.id, player);
      await stack.db.query(`UPDATE community.quiz_attempts SET expires_at = now() - interval '1 minute' WHERE id = $1`, [late.attemptId]);
      const before = await state();
      expect((await submit(player, { quizId: quiz.id, attemptId: late.attemptId, answers: answersScoring(4) })).body).toMatchObject({
        code: 'CONFLICT',
        message: QUIZ_MESSAGES.timeUp,
      });
      expect(await state()).toBe(before);

      const stale = await started(quiz.id, player);
      await stack.api.put(`/api/quiz/${quiz.id}`, quizBody(), auth(author));
      await approve(quiz.id);
      expect((await submit(player, { quizId: quiz.id, attemptId: stale.attemptId, answers: answersScoring(4) })).body).toMatchObject({
        message: QUIZ_MESSAGES.quizChanged,
      });
    });

    it('takes an attempt once: a second submit and two concurrent ones get exactly one result and one event', async () => {
      const [author, player] = [await stack.user(), await stack.user()];
      const quiz = await approved(author);
      const attempt = await started(quiz.id, player);
      const body = { quizId: quiz.id, attemptId: attempt.attemptId, answers: answersScoring(4) };
      expect((await submit(player, body)).status).toBe(200);
      expect((await submit(player, body)).body).toMatchObject({ code: 'CONFLICT', message: QUIZ_MESSAGES.alreadySubmitted });

      const racing = await started(quiz.id, player);
      const raced = await Promise.all(Array.from({ length: 5 }, () => submit(player, { ...body, attemptId: racing.attemptId })));
      expect(raced.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await events(racing.attemptId)).toHaveLength(1);
      expect(await events(attempt.attemptId)).toHaveLength(1);
    });

    it('keeps each player’s best result and publishes the result once, in the result’s transaction', async () => {
      const [author, player] = [await stack.user(), await stack.user()];
      const quiz = await approved(author);
      const play = async (right: number) => {
        const attempt = await started(quiz.id, player);
        const result: QuizResult = (await submit(player, { quizId: quiz.id, attemptId: attempt.attemptId, answers: answersScoring(right) })).body.data;
        return { attempt, result };
      };
      const low = await play(3);
      expect(low.result).toMatchObject({ score: 3, success: false, best: { score: 3 } });
      const high = await play(4);
      expect(high.result).toMatchObject({ score: 4, success: true, best: { score: 4, success: true } });
      const worse = await play(1);
      expect(worse.result).toMatchObject({ score: 1, success: false, best: { score: 4, totalQuestions: 4, success: true } });
      const again = await play(4);
      expect((await stack.api.get(`/api/quiz/${quiz.id}`, auth(player))).body.data.best).toEqual({ score: 4, totalQuestions: 4, success: true });
      const [stored] = await stack.db.query('SELECT best_score, best_attempt_id FROM community.quiz_results WHERE quiz_id = $1 AND user_id = $2', [
        quiz.id,
        player.id,
      ]);
      expect(stored).toEqual({ best_score: 4, best_attempt_id: high.attempt.attemptId });
      expect((await stack.db.query('SELECT players FROM community.quizzes WHERE id = $1', [quiz.id]))[0].players).toBe(1);

      const published = await Promise.all([low, high, worse, again].map(({ attempt }) => events(attempt.attemptId)));
      expect(published.map((list) => list.length)).toEqual([1, 1, 1, 1]);
      expect(published.map(([event]) => [event.score, event.success, event.firstSuccess])).toEqual([
        [3, false, false],
        [4, true, true],
        [1, false, false],
        [4, true, false],
      ]);
      expect(published[1][0]).toMatchObject({
        quizId: quiz.id,
        userId: player.id,
        totalQuestions: 4,
        eventId: expect.any(String),
        occurredAt: expect.any(String),
      });
    });
  });
});
