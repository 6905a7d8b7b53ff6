import { randomUUID } from 'node:crypto';
import { REPORT_MESSAGES, REPORTS_PER_HOUR, type ReportCase, type ReportCasePage } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { DEATH_NOTE, expectFieldError } from '../community/community-test-kit';
import { auth, type ModerationStack, startModerationStack } from './moderation-test-kit';

/**
 * Reports and the moderation queue through the gateway (docs/moderation.md), against the real
 * services, PostgreSQL and Redis. Every test reports content of its own, so cases never meet.
 */
describe('reports', () => {
  let stack: ModerationStack;
  let admin: RegisteredUser;
  /** 660 characters: past the reviews' 500 minimum. */
  const REVIEW_TEXT = 'Отличный сериал с продуманным сюжетом. '.repeat(17).trim();

  const report = (user: RegisteredUser | undefined, body: unknown) => stack.api.post('/api/reports', body, auth(user));
  const reported = async (user: RegisteredUser, body: Record<string, unknown>) => {
    const res = await report(user, body);
    if (res.status !== 201) throw new Error(`POST /api/reports → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const queue = async (query = '', user: RegisteredUser = admin): Promise<ReportCasePage & { total: number }> => {
    const res = await stack.api.get(`/api/admin/reports${query}`, auth(user));
    expect(res.status).toBe(200);
    return { items: res.body.data, page: res.body.meta.page, limit: res.body.meta.limit, total: res.body.meta.total };
  };
  const caseOf = async (type: string, id: string, status = 'open'): Promise<ReportCase> => {
    const [row] = await stack.db.query('SELECT id FROM moderation.report_cases WHERE target_type = $1 AND target_id = $2 AND status = $3', [type, id, status]);
    if (!row) throw new Error(`no ${status} case of ${type} ${id}`);
    for (let page = 1; ; page++) {
      const { items, total } = await queue(`?status=${status}&page=${page}`);
      const found = items.find((item) => item.id === row.id);
      if (found) return found;
      if (page * 20 >= total) throw new Error('case not in the queue');
    }
  };
  /** As the admin unless told otherwise (null: as a guest). */
  const decide = (id: string, body: unknown, user: RegisteredUser | null = admin) => stack.api.put(`/api/admin/reports/${id}`, body, auth(user ?? undefined));
  const commentBy = async (user: RegisteredUser, content = `Комментарий ${randomUUID()}`): Promise<string> => {
    const res = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content }, auth(user));
    if (res.status !== 201) throw new Error(`POST /api/comments → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  };
  const onComment = (id: string, reason = 'spam', text?: string) => ({ target: { type: 'comment', id }, reason, ...(text === undefined ? {} : { text }) });
  const users = (count: number) => Promise.all(Array.from({ length: count }, () => stack.user()));
  const notificationsOf = async (user: RegisteredUser) =>
    ((await stack.api.get('/api/notifications', auth(user))).body.data.items as Array<{ kind: string; text: string; target: { caseId?: string } }>).filter(
      (item) => item.kind === 'report.decided',
    );

  beforeAll(async () => {
    stack = await startModerationStack('reports');
    admin = await stack.admin();
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('access', () => {
    it('refuses a guest (401) everywhere, a user the admin routes (403), and lets an admin in', async () => {
      const [user] = await users(1);
      const id = randomUUID();
      expect((await report(undefined, onComment(id))).status).toBe(401);
      expect((await stack.api.get('/api/admin/reports')).status).toBe(401);
      expect((await decide(id, { action: 'reject' }, null)).status).toBe(401);
      expect((await stack.api.get('/api/admin/reports', auth(user))).status).toBe(403);
      expect((await decide(id, { action: 'reject' }, user)).status).toBe(403);
      expect((await stack.api.get('/api/admin/reports', auth(admin))).status).toBe(200);
      expect((await decide(id, { action: 'reject' })).status).toBe(404);
    });
  });

  describe('bad input', () => {
    it('names the field of every wrong report, in Russian, and stores nothing', async () => {
      const [user] = await users(1);
      const comment = randomUUID();
      expectFieldError(await report(user, {}), 'target');
      expectFieldError(await report(user, { target: { type: 'poll', id: comment }, reason: 'spam' }), 'target.type');
      expectFieldError(await report(user, { target: { type: 'comment', id: '42' }, reason: 'spam' }), 'target.id');
      expectFieldError(await report(user, { target: { type: 'chat_message', id: comment }, reason: 'spam' }), 'target.id');
      expectFieldError(await report(user, { target: { type: 'comment', id: comment }, reason: 'boring' }), 'reason');
      expectFieldError(await report(user, onComment(comment, 'other')), 'text');
      expectFieldError(await report(user, onComment(comment, 'other', '   ')), 'text');
      expectFieldError(await report(user, onComment(comment, 'spam', 'я'.repeat(1001))), 'text');
      expectFieldError(await report(user, onComment(comment, 'spam', 'a\u0000b')), 'text');
      expect((await stack.db.query('SELECT count(*)::int AS n FROM moderation.reports WHERE reporter_id = $1', [user.id]))[0].n).toBe(0);
    });

    it('refuses a wrong queue query and a wrong decision', async () => {
      expectFieldError(await stack.api.get('/api/admin/reports?status=closed', auth(admin)), 'status');
      expectFieldError(await stack.api.get('/api/admin/reports?sort=oldest', auth(admin)), 'sort');
      expectFieldError(await stack.api.get('/api/admin/reports?page=0', auth(admin)), 'page');
      expectFieldError(await decide('nope', { action: 'reject' }), 'id');
      expectFieldError(await decide(randomUUID(), { action: 'ban' }), 'action');
      expectFieldError(await decide(randomUUID(), { action: 'reject', deleteContent: true }), 'deleteContent');
      expectFieldError(await decide(randomUUID(), { action: 'resolve', note: 'я'.repeat(501) }), 'note');
    });

    it('answers 404 for a target that does not exist, and for a deleted comment', async () => {
      const [author, user] = await users(2);
      const missing = await report(user, onComment(randomUUID()));
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(REPORT_MESSAGES.targetNotFound);
      const comment = await commentBy(author);
      expect((await stack.api.delete(`/api/comments/${comment}`, auth(author))).status).toBe(200);
      expect((await report(user, onComment(comment))).status).toBe(404);
      expect((await report(user, { target: { type: 'user', id: randomUUID() }, reason: 'nickname' })).status).toBe(404);
      expect((await report(user, { target: { type: 'chat_message', id: '999999999' }, reason: 'spam' })).status).toBe(404);
    });
  });

  describe('reporting', () => {
    it('takes a report with its snapshot: author, excerpt and link', async () => {
      const [author, user] = await users(2);
      const comment = await commentBy(author, 'Купите мой курс по аниме!');
      const created = await reported(user, onComment(comment, 'other', '  Реклама  '));
      expect(created).toMatchObject({ target: { type: 'comment', id: comment }, reason: 'other', message: REPORT_MESSAGES.created });
      const item = await caseOf('comment', comment);
      expect(item).toMatchObject({
        status: 'open',
        count: 1,
        held: false,
        snapshot: {
          authorId: author.id,
          authorUsername: author.username,
          excerpt: 'Купите мой курс по аниме!',
          link: `/anime/${DEATH_NOTE.id}#comment-${comment}`,
        },
        reasons: [{ reason: 'other', count: 1 }],
        reports: [{ reporter: { id: user.id, username: user.username }, reason: 'other', text: 'Реклама' }],
        decision: null,
      });
    });

    it('refuses reporting oneself or one’s own content (403)', async () => {
      const [author] = await users(1);
      const comment = await commentBy(author);
      const own = await report(author, onComment(comment));
      expect(own.status).toBe(403);
      expect(own.body.message).toBe(REPORT_MESSAGES.self);
      expect((await report(author, { target: { type: 'user', id: author.id }, reason: 'nickname' })).status).toBe(403);
    });

    it('keeps one open report per user and target: a second one is a 409, even when sent at once', async () => {
      const [author, user, racer] = await users(3);
      const comment = await commentBy(author);
      await reported(user, onComment(comment));
      const again = await report(user, onComment(comment, 'offence'));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(REPORT_MESSAGES.duplicate);
      const statuses = (await Promise.all(Array.from({ length: 6 }, () => report(racer, onComment(comment))))).map((res) => res.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await caseOf('comment', comment)).count).toBe(2);
    });

    it('groups reports on one target into one case, even when first reports arrive at once', async () => {
      const [author, ...reporters] = await users(3);
      const comment = await commentBy(author);
      const results = await Promise.all(reporters.map((user, index) => report(user, onComment(comment, index === 0 ? 'spam' : 'offence'))));
      expect(results.map((res) => res.status)).toEqual([201, 201]);
      const cases = await stack.db.query(`SELECT id FROM moderation.report_cases WHERE target_type = 'comment' AND target_id = $1`, [comment]);
      expect(cases).toHaveLength(1);
      const item = await caseOf('comment', comment);
      expect(item.count).toBe(2);
      expect(item.reasons.map((reason) => reason.reason).sort()).toEqual(['offence', 'spam']);
      expect(item.reports).toHaveLength(2);
    });

    it('reports a review, a chat message and a user, snapshotting each from its owner', async () => {
      const [author, user] = await users(2);
      const review = (await stack.api.post('/api/reviews', { animeId: DEATH_NOTE.id, text: REVIEW_TEXT, score: 8 }, auth(author))).body.data.id as string;
      expect((await stack.api.put(`/api/reviews/${review}/approve`, {}, auth(admin))).status).toBe(200);
      const message = (await stack.api.post('/api/chat/messages', { message: 'Спойлер: Эл умрёт' }, auth(author))).body.data.id as string;
      await reported(user, { target: { type: 'review', id: review }, reason: 'spoiler' });
      await reported(user, { target: { type: 'chat_message', id: message }, reason: 'spoiler' });
      await reported(user, { target: { type: 'user', id: author.id }, reason: 'nickname' });
      expect((await caseOf('review', review)).snapshot).toMatchObject({ authorId: author.id, link: `/anime/${DEATH_NOTE.id}/review/${review}` });
      expect((await caseOf('chat_message', message)).snapshot).toMatchObject({ authorId: author.id, excerpt: 'Спойлер: Эл умрёт' });
      expect((await caseOf('user', author.id)).snapshot).toMatchObject({
        authorId: author.id,
        authorUsername: author.username,
        link: `/user/${author.username}`,
      });
    });

    it(`allows ${REPORTS_PER_HOUR} reports an hour per user, then 429`, async () => {
      const [author, user] = await users(2);
      const messages: string[] = [];
      for (let i = 0; i <= REPORTS_PER_HOUR; i++)
        messages.push((await stack.api.post('/api/chat/messages', { message: `флуд ${i}` }, auth(author))).body.data.id);
      for (const id of messages.slice(0, REPORTS_PER_HOUR)) await reported(user, { target: { type: 'chat_message', id }, reason: 'spam' });
      const limited = await report(user, { target: { type: 'chat_message', id: messages[REPORTS_PER_HOUR] }, reason: 'spam' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(REPORT_MESSAGES.rateLimited);
    });
  });

  describe('the queue', () => {
    it('sorts newest first or most reported first, and pages', async () => {
      const [author, other, a, b, c] = await users(5);
      const busy = await commentBy(author);
      const quiet = await commentBy(other);
      for (const user of [a, b, c]) await reported(user, onComment(busy));
      await reported(a, onComment(quiet));
      const newest = (await queue('?sort=newest')).items.map((item) => item.target.id);
      expect(newest.indexOf(quiet)).toBeLessThan(newest.indexOf(busy));
      const most = await queue('?sort=most');
      expect(most.items[0].count).toBeGreaterThanOrEqual(3);
      expect(most.items.map((item) => item.count)).toEqual([...most.items.map((item) => item.count)].sort((x, y) => y - x));
      expect(most).toMatchObject({ page: 1, limit: 20 });
      expect(most.total).toBeGreaterThanOrEqual(2);
    });
  });

  describe('automatic holds', () => {
    it('holds a comment at the third distinct reporter, hides it from others, and shows it again on rejection', async () => {
      const [author, a, b, c, viewer] = await users(5);
      const comment = await commentBy(author, 'Спорный комментарий');
      await reported(a, onComment(comment));
      await reported(b, onComment(comment));
      expect((await caseOf('comment', comment)).held).toBe(false);
      await reported(c, onComment(comment));
      const item = await caseOf('comment', comment);
      expect(item.held).toBe(true);
      const hidden = await waitFor(async () => {
        const res = await stack.api.get(`/api/comments/${comment}`, auth(viewer));
        return res.body.data?.held ? res.body.data : null;
      });
      expect(hidden.content).toBeNull();
      expect((await stack.api.get(`/api/comments/${comment}`, auth(author))).body.data.content).toBe('Спорный комментарий');
      expect((await stack.api.get(`/api/comments/${comment}`, auth(admin))).body.data.content).toBe('Спорный комментарий');
      expect((await decide(item.id, { action: 'reject' })).status).toBe(200);
      const shown = await waitFor(async () => {
        const res = await stack.api.get(`/api/comments/${comment}`, auth(viewer));
        return res.body.data?.held === false ? res.body.data : null;
      });
      expect(shown.content).toBe('Спорный комментарий');
    });

    it('holds a review at the threshold', async () => {
      const [author, a, b, c, viewer] = await users(5);
      const review = (await stack.api.post('/api/reviews', { animeId: DEATH_NOTE.id, text: REVIEW_TEXT, score: 7 }, auth(author))).body.data.id as string;
      expect((await stack.api.put(`/api/reviews/${review}/approve`, {}, auth(admin))).status).toBe(200);
      for (const user of [a, b, c]) await reported(user, { target: { type: 'review', id: review }, reason: 'offence' });
      expect((await caseOf('review', review)).held).toBe(true);
      const hidden = await waitFor(async () => {
        const res = await stack.api.get(`/api/reviews/one/${review}`, auth(viewer));
        return res.body.data?.held ? res.body.data : null;
      });
      expect(hidden.text).toBe('');
      expect((await stack.api.get(`/api/reviews/one/${review}`, auth(author))).body.data.text).toBe(REVIEW_TEXT);
    });
  });

  describe('decisions', () => {
    it('resolves with deletion through the owner: the comment is deleted, every reporter told once, the action audited', async () => {
      const [author, a, b] = await users(3);
      const comment = await commentBy(author, 'Оскорбление');
      await reported(a, onComment(comment, 'offence'));
      await reported(b, onComment(comment, 'offence'));
      const item = await caseOf('comment', comment);
      const res = await decide(item.id, { action: 'resolve', deleteContent: true, note: 'Удалено за оскорбления' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'resolved',
        snapshot: { excerpt: 'Оскорбление' },
        decision: { action: 'resolve', contentDeleted: true, note: 'Удалено за оскорбления', adminId: admin.id },
      });
      const [stored] = await stack.db.query('SELECT deleted_at FROM community.comments WHERE id = $1', [comment]);
      expect(stored.deleted_at).not.toBeNull();
      for (const user of [a, b]) {
        const told = await waitFor(async () => ((await notificationsOf(user)).length > 0 ? notificationsOf(user) : null));
        expect(told).toHaveLength(1);
        expect(told[0]).toMatchObject({ target: { caseId: item.id } });
        expect(told[0].text).toMatch(/нарушение подтверждено, содержимое удалено/);
      }
      expect((await decide(item.id, { action: 'reject' })).status).toBe(409);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await notificationsOf(a)).toHaveLength(1);
      const audit = (await stack.api.get('/api/admin/audit-log?limit=100', auth(admin))).body.data as Array<Record<string, any>>;
      const entry = audit.find((row) => row.details.caseId === item.id);
      expect(entry).toMatchObject({
        eventName: 'moderation.report.resolved',
        actorId: admin.id,
        subjectUserId: author.id,
        details: { before: { status: 'open' }, after: { status: 'resolved', contentDeleted: true, note: 'Удалено за оскорбления' } },
      });
      expect((await queue('?status=resolved')).items.map((row) => row.id)).toContain(item.id);
    });

    it('resolves without deleting, and a new report on the same target opens a new case', async () => {
      const [author, a, b] = await users(3);
      const comment = await commentBy(author);
      await reported(a, onComment(comment));
      const item = await caseOf('comment', comment);
      expect((await decide(item.id, { action: 'resolve' })).body.data.decision).toMatchObject({ action: 'resolve', contentDeleted: false });
      expect((await stack.db.query('SELECT deleted_at FROM community.comments WHERE id = $1', [comment]))[0].deleted_at).toBeNull();
      await reported(a, onComment(comment));
      await reported(b, onComment(comment));
      expect((await caseOf('comment', comment)).count).toBe(2);
    });

    it('rejects: the content stays, the reporter is told no violation was found', async () => {
      const [author, a] = await users(2);
      const comment = await commentBy(author);
      await reported(a, onComment(comment));
      const item = await caseOf('comment', comment);
      expect((await decide(item.id, { action: 'reject' })).body.data.status).toBe('rejected');
      const told = await waitFor(async () => ((await notificationsOf(a)).length > 0 ? notificationsOf(a) : null));
      expect(told[0].text).toMatch(/не нашёл нарушения/);
      const audit = (await stack.api.get('/api/admin/audit-log?limit=100', auth(admin))).body.data as Array<Record<string, any>>;
      expect(audit.find((row) => row.details.caseId === item.id)?.eventName).toBe('moderation.report.rejected');
    });

    it('deletes a chat message through the chat service; an account cannot be deleted', async () => {
      const [author, a] = await users(2);
      const message = (await stack.api.post('/api/chat/messages', { message: 'реклама казино' }, auth(author))).body.data.id as string;
      await reported(a, { target: { type: 'chat_message', id: message }, reason: 'spam' });
      const item = await caseOf('chat_message', message);
      expect((await decide(item.id, { action: 'resolve', deleteContent: true })).status).toBe(200);
      const visible = (await stack.api.get('/api/chat/messages?limit=100')).body.data.items as Array<{ id: string }>;
      expect(visible.map((row) => row.id)).not.toContain(message);
      await reported(a, { target: { type: 'user', id: author.id }, reason: 'nickname' });
      const account = await caseOf('user', author.id);
      expectFieldError(await decide(account.id, { action: 'resolve', deleteContent: true }), 'deleteContent');
      expect((await caseOf('user', author.id)).status).toBe('open');
    });

    it('reports an AMV (no author account) and deletes it through the community', async () => {
      const [a] = await users(1);
      const created = await stack.api.post(
        '/api/amv',
        {
          title: `Клип ${randomUUID().slice(0, 8)}`,
          author: 'Автор клипа',
          durationSeconds: 30,
          video: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        },
        auth(admin),
      );
      expect(created.status).toBe(201);
      const amv = created.body.data.id as string;
      await reported(a, { target: { type: 'amv', id: amv }, reason: 'offtopic' });
      const item = await caseOf('amv', amv);
      expect(item.snapshot).toMatchObject({ authorId: null, authorUsername: null, link: `/amv/${amv}` });
      expect(item.snapshot.excerpt).toMatch(/Автор клипа/);
      expect((await decide(item.id, { action: 'resolve', deleteContent: true })).status).toBe(200);
      expect((await stack.api.get(`/api/amv/${amv}`)).status).toBe(404);
      const audit = (await stack.api.get('/api/admin/audit-log?limit=100', auth(admin))).body.data as Array<Record<string, any>>;
      expect(audit.find((row) => row.details.caseId === item.id)).toMatchObject({ subjectUserId: null, actorId: admin.id });
    });

    it('reports a published quiz, snapshotting it from the community, and deletes it through the community', async () => {
      const [author, a] = await users(2);
      const created = await stack.api.post(
        '/api/quiz',
        {
          title: `Квиз ${randomUUID().slice(0, 8)}`,
          description: 'Ответы на вопросы ищите в моём телеграм-канале',
          animeIds: [DEATH_NOTE.id],
          questions: Array.from({ length: 4 }, (_, index) => ({ text: `Вопрос ${index + 1}?`, options: ['Лайт', 'L', 'Миса', 'Рюк'], correct: [index % 3] })),
        },
        auth(author),
      );
      expect(created.status).toBe(201);
      const quiz = created.body.data.id as string;
      // Pending: only its author and admins see it, so a reporter finds nothing to report.
      expect((await report(a, { target: { type: 'quiz', id: quiz }, reason: 'spam' })).status).toBe(404);
      expect((await stack.api.put(`/api/quiz/${quiz}/approve`, undefined, auth(admin))).status).toBe(200);
      expect((await report(author, { target: { type: 'quiz', id: quiz }, reason: 'spam' })).status).toBe(403);
      await reported(a, { target: { type: 'quiz', id: quiz }, reason: 'spam' });
      const item = await caseOf('quiz', quiz);
      expect(item.snapshot).toMatchObject({ authorId: author.id, authorUsername: author.username, link: `/quiz/${quiz}` });
      expect(item.snapshot.excerpt).toMatch(/телеграм-канале/);
      expect((await decide(item.id, { action: 'resolve', deleteContent: true })).status).toBe(200);
      expect((await stack.api.get(`/api/quiz/${quiz}`, auth(a))).status).toBe(404);
      const audit = (await stack.api.get('/api/admin/audit-log?limit=100', auth(admin))).body.data as Array<Record<string, any>>;
      expect(audit.find((row) => row.details.caseId === item.id)).toMatchObject({ subjectUserId: author.id, actorId: admin.id });
    });

    it('a user cannot decide even by calling with a valid case (403), and nothing changes', async () => {
      const [author, a] = await users(2);
      const comment = await commentBy(author);
      await reported(a, onComment(comment));
      const item = await caseOf('comment', comment);
      expect((await decide(item.id, { action: 'resolve', deleteContent: true }, a)).status).toBe(403);
      expect((await caseOf('comment', comment)).status).toBe('open');
    });
  });
});
