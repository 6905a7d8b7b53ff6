import { randomUUID } from 'node:crypto';
import { REVIEW_MESSAGES, type ReviewItem } from '@portal/contracts';
import type { RegisteredUser } from '../auth/auth-test-kit';
import {
  adminActionsOn,
  ATTACK_ON_TITAN,
  type CommunityStack,
  DEATH_NOTE,
  expectAdminAction,
  expectFieldError,
  NARUTO,
  startCommunityStack,
} from './community-test-kit';

/**
 * Reviews through the gateway (docs/community.md, «Reviews»), against the real services. Each test
 * writes with users of its own (one review per user and title); bulk data for the orders and the
 * pages is put into the table directly.
 */
describe('reviews', () => {
  let stack: CommunityStack;
  let admin: RegisteredUser;
  const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);
  /** 660 characters: comfortably past the 500 minimum. */
  const TEXT = 'Отличный сериал с продуманным сюжетом. '.repeat(17).trim();
  const post = (user: RegisteredUser | undefined, body: unknown) => stack.api.post('/api/reviews', body, auth(user));
  /** Posts and expects 201: the review as its author sees it. */
  const review = async (user: RegisteredUser, body: Record<string, unknown> = {}): Promise<ReviewItem> => {
    const res = await post(user, { animeId: DEATH_NOTE.id, text: TEXT, score: 8, ...body });
    if (res.status !== 201) throw new Error(`POST /api/reviews → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const one = (id: string, user?: RegisteredUser) => stack.api.get(`/api/reviews/one/${id}`, auth(user));
  const ofAnime = async (animeId: number, query = '', user?: RegisteredUser): Promise<{ items: ReviewItem[]; nextCursor: string | null }> => {
    const res = await stack.api.get(`/api/reviews/${animeId}${query}`, auth(user));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const approve = (id: string, user: RegisteredUser = admin) => stack.api.put(`/api/reviews/${id}/approve`, undefined, auth(user));
  const vote = (id: string, user: RegisteredUser, helpful: boolean) => stack.api.put(`/api/reviews/${id}/vote`, { helpful }, auth(user));
  const count = async (sql: string, params: unknown[] = []) => Number((await stack.db.query(sql, params))[0].n);
  const storedReviews = () => count('SELECT count(*) AS n FROM community.reviews');
  const storedVotes = () => count('SELECT count(*) AS n FROM community.review_votes');
  const approvedEvents = (reviewId: string) =>
    stack.db.query(`SELECT payload FROM community.outbox WHERE event_name = 'community.review.approved' AND payload->>'reviewId' = $1`, [reviewId]);
  const notificationsOf = async (user: RegisteredUser) => (await stack.api.get('/api/notifications', auth(user))).body.data.items;
  /** Approved reviews put straight into the table (orders, pages), by authors the read model knows. */
  const seed = async (animeId: number, fields: Array<{ createdAt: string; helpful?: number; unhelpful?: number; status?: string }>) => {
    const ids: string[] = [];
    for (const field of fields) {
      const id = randomUUID();
      const author = randomUUID();
      await stack.db.query(`INSERT INTO community.user_refs (id, username, display_name, version) VALUES ($1, $2, $2, 'epoch')`, [
        author,
        `seed${author.slice(0, 8)}`,
      ]);
      await stack.db.query(
        `INSERT INTO community.reviews (id, anime_id, author_id, text, score, status, rejection_reason, helpful, unhelpful, created_at)
         VALUES ($1, $2, $3, 'seeded', 7, $4, CASE WHEN $4 = 'rejected' THEN 'плохо' END, $5, $6, $7)`,
        [id, animeId, author, field.status ?? 'approved', field.helpful ?? 0, field.unhelpful ?? 0, field.createdAt],
      );
      ids.push(id);
    }
    return ids;
  };

  beforeAll(async () => {
    stack = await startCommunityStack('reviews');
    admin = await stack.admin();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('who may write, and what', () => {
    it.each([
      ['POST', '/api/reviews'],
      ['PUT', `/api/reviews/${randomUUID()}`],
      ['DELETE', `/api/reviews/${randomUUID()}`],
      ['PUT', `/api/reviews/${randomUUID()}/approve`],
      ['PUT', `/api/reviews/${randomUUID()}/reject`],
      ['PUT', `/api/reviews/${randomUUID()}/vote`],
      ['DELETE', `/api/reviews/${randomUUID()}/vote`],
      ['GET', '/api/admin/reviews/pending'],
    ])('%s %s needs a signed-in user (401)', async (method, path) => {
      const before = await storedReviews();
      const res = await stack.api[method.toLowerCase() as 'post'](path, { animeId: DEATH_NOTE.id, text: TEXT, score: 5, helpful: true, reason: 'нет' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
      expect(await storedReviews()).toBe(before);
    });

    it('an unknown title is a 404 «Аниме не найдено» and stores nothing (not even the title)', async () => {
      const user = await stack.user();
      const before = await storedReviews();
      const res = await post(user, { animeId: 999_999_999, text: TEXT, score: 7 });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: REVIEW_MESSAGES.animeNotFound });
      expect(await storedReviews()).toBe(before);
      expect(await count('SELECT count(*) AS n FROM community.anime_refs WHERE id = 999999999')).toBe(0);
      expect((await stack.api.get('/api/reviews/999999999')).status).toBe(404);
    });

    it.each([
      ['499 characters', { text: 'я'.repeat(499) }, 'text', REVIEW_MESSAGES.textTooShort],
      ['499 characters and blanks', { text: `   ${'я'.repeat(499)}   \n` }, 'text', REVIEW_MESSAGES.textTooShort],
      ['20,001 characters', { text: 'я'.repeat(20_001) }, 'text', REVIEW_MESSAGES.textTooLong],
      ['a number for text', { text: 42 }, 'text', REVIEW_MESSAGES.text],
      ['score 0', { score: 0 }, 'score', REVIEW_MESSAGES.score],
      ['score 11', { score: 11 }, 'score', REVIEW_MESSAGES.score],
      ['score 7.5', { score: 7.5 }, 'score', REVIEW_MESSAGES.score],
      ['score in words', { score: 'десять' }, 'score', REVIEW_MESSAGES.score],
      ['a 201-character title', { title: 'я'.repeat(201) }, 'title', REVIEW_MESSAGES.title],
      ['animeId in words', { animeId: 'двадцать' }, 'animeId', REVIEW_MESSAGES.animeId],
    ])('%s → 400 on %s with a Russian message, nothing stored', async (_label, fields, field, message) => {
      const user = await stack.user();
      const before = await storedReviews();
      const res = await post(user, { animeId: DEATH_NOTE.id, text: TEXT, score: 8, ...fields });
      expectFieldError(res, field);
      expect(res.body.errors.find((error: { field: string }) => error.field === field).message).toBe(message);
      expect(await storedReviews()).toBe(before);
    });

    it('500 and 20,000 characters after trimming are accepted; the answer is the pending review and cardReward: null', async () => {
      const user = await stack.user();
      const res = await post(user, { animeId: DEATH_NOTE.id, title: '  Шедевр  ', text: `  ${'я'.repeat(500)}\n`, score: 10 });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        animeId: DEATH_NOTE.id,
        title: 'Шедевр',
        text: 'я'.repeat(500),
        score: 10,
        status: 'pending',
        rejectionReason: null,
        author: { id: user.id, username: user.username, displayName: user.username, rank: 'новичок' },
        helpful: 0,
        unhelpful: 0,
        myVote: null,
        mine: true,
        cardReward: null,
      });
      expect((await post(user, { animeId: NARUTO.id, text: 'я'.repeat(20_000), score: 1 })).status).toBe(201);
    });

    it('one review per user and title: 409 «Вы уже написали рецензию на это аниме», also for two posts at once', async () => {
      const user = await stack.user();
      await review(user);
      const before = await storedReviews();
      const again = await post(user, { animeId: DEATH_NOTE.id, text: TEXT, score: 3 });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', message: REVIEW_MESSAGES.duplicate });
      expect(await storedReviews()).toBe(before);

      const racer = await stack.user();
      const results = await Promise.all(Array.from({ length: 2 }, () => post(racer, { animeId: ATTACK_ON_TITAN.id, text: TEXT, score: 9 })));
      expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
      expect(results.find((res) => res.status === 409)?.body.message).toBe(REVIEW_MESSAGES.duplicate);
      expect(await count('SELECT count(*) AS n FROM community.reviews WHERE author_id = $1', [racer.id])).toBe(1);
    });

    it('an XSS payload is stored and returned as the very same text', async () => {
      const payload = `<script>alert("xss")</script><img src=x onerror="alert(1)"> [spoiler]Лайт[/spoiler] &lt;b&gt;\n\n${TEXT}`;
      const user = await stack.user();
      const created = await review(user, { title: '<b>жирно</b>', text: payload });
      expect(created).toMatchObject({ text: payload, title: '<b>жирно</b>' });
      expect((await one(created.id, user)).body.data.text).toBe(payload);
      const [row] = await stack.db.query('SELECT text FROM community.reviews WHERE id = $1', [created.id]);
      expect(row.text).toBe(payload);
    });
  });

  describe('visibility and moderation', () => {
    it('a pending review is seen only by its author and admins; approving publishes it, sends the event and tells the author', async () => {
      const author = await stack.user();
      const other = await stack.user();
      const created = await review(author, { animeId: NARUTO.id, title: 'Про ниндзя' });

      expect((await one(created.id)).status).toBe(404);
      expect((await one(created.id, other)).status).toBe(404);
      expect((await one(created.id, author)).body.data).toMatchObject({ id: created.id, status: 'pending', mine: true });
      expect((await one(created.id, admin)).body.data).toMatchObject({ id: created.id, status: 'pending', mine: false });
      expect((await ofAnime(NARUTO.id, '', other)).items.map((item) => item.id)).not.toContain(created.id);
      expect((await ofAnime(NARUTO.id)).items.map((item) => item.id)).not.toContain(created.id);
      // The author's own pending review comes first on the title's page, flagged.
      expect((await ofAnime(NARUTO.id, '', author)).items[0]).toMatchObject({ id: created.id, status: 'pending', mine: true });
      const queue = (await stack.api.get('/api/admin/reviews/pending?limit=50', auth(admin))).body.data;
      expect(queue.pending).toBeGreaterThanOrEqual(1);
      expect(queue.items.some((item: { id: string; anime: { title: string } }) => item.id === created.id && item.anime.title)).toBe(true);

      // Not an admin: 403, and nothing changes.
      const refused = await approve(created.id, other);
      expect(refused.status).toBe(403);
      expect((await stack.api.get('/api/admin/reviews/pending', auth(other))).status).toBe(403);
      expect(await approvedEvents(created.id)).toHaveLength(0);
      expect(await adminActionsOn(stack, 'review', created.id)).toEqual([]);

      const approved = await approve(created.id);
      expect(approved.status).toBe(200);
      expect(approved.body.data).toMatchObject({ id: created.id, status: 'approved' });
      expect((await one(created.id)).body.data).toMatchObject({ status: 'approved', title: 'Про ниндзя', mine: false });
      expect((await ofAnime(NARUTO.id, '', other)).items.map((item) => item.id)).toContain(created.id);
      const [event] = await approvedEvents(created.id);
      expect(event.payload).toMatchObject({ reviewId: created.id, animeId: NARUTO.id, authorId: author.id, authorUsername: author.username });
      const [notification] = await notificationsOf(author);
      expect(notification).toMatchObject({ kind: 'review.approved', target: { type: 'review', reviewId: created.id, animeId: NARUTO.id }, read: false });
      expect(notification.text).toMatch(/^Ваша рецензия на «.+» одобрена$/);

      // Moderated once: approving again is a 409 with no second event.
      const twice = await approve(created.id);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(REVIEW_MESSAGES.notPending);
      expect(await approvedEvents(created.id)).toHaveLength(1);
      const missing = randomUUID();
      expect((await approve(missing)).status).toBe(404);
      // The audit log's entry: one, however often it was tried.
      const moderated = { target: 'review', targetId: created.id, actorId: admin.id, subjectUserId: author.id } as const;
      await expectAdminAction(stack, { ...moderated, action: 'approved', before: { status: 'pending' }, after: { status: 'approved' } });
      expect(await adminActionsOn(stack, 'review', created.id)).toHaveLength(1);
      expect(await adminActionsOn(stack, 'review', missing)).toEqual([]);
    });

    it('two admins approving at once: one approval, one event, one notification', async () => {
      const author = await stack.user();
      const created = await review(author);
      const results = await Promise.all([approve(created.id), approve(created.id)]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(await approvedEvents(created.id)).toHaveLength(1);
      expect(await adminActionsOn(stack, 'review', created.id)).toHaveLength(1);
      expect(await count(`SELECT count(*) AS n FROM community.notifications WHERE user_id = $1`, [author.id])).toBe(1);
    });

    it('a rejection carries its reason to the author (only the author and admins see it); the review stays hidden', async () => {
      const author = await stack.user();
      const other = await stack.user();
      const created = await review(author, { animeId: ATTACK_ON_TITAN.id });
      const reject = (user: RegisteredUser, body: unknown) => stack.api.put(`/api/reviews/${created.id}/reject`, body, auth(user));

      expect((await reject(other, { reason: 'Спойлеры' })).status).toBe(403);
      expectFieldError(await reject(admin, { reason: '   ' }), 'reason');
      expectFieldError(await reject(admin, { reason: 'я'.repeat(501) }), 'reason');
      expect((await one(created.id, author)).body.data.status).toBe('pending');

      const res = await reject(admin, { reason: '  Спойлеры без пометки [spoiler]  ' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Спойлеры без пометки [spoiler]' });
      expect((await one(created.id, author)).body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Спойлеры без пометки [spoiler]' });
      expect((await one(created.id, other)).status).toBe(404);
      expect((await ofAnime(ATTACK_ON_TITAN.id, '', author)).items[0]).toMatchObject({ id: created.id, status: 'rejected', mine: true });
      const [notification] = await notificationsOf(author);
      expect(notification).toMatchObject({ kind: 'review.rejected', target: { reviewId: created.id, reason: 'Спойлеры без пометки [spoiler]' } });
      expect(notification.text).toMatch(/отклонена: Спойлеры без пометки \[spoiler\]$/);
      expect(await approvedEvents(created.id)).toHaveLength(0);
      await expectAdminAction(stack, {
        target: 'review',
        targetId: created.id,
        action: 'rejected',
        actorId: admin.id,
        subjectUserId: author.id,
        before: { status: 'pending', reason: null },
        after: { status: 'rejected', reason: 'Спойлеры без пометки [spoiler]' },
      });
      expect(await adminActionsOn(stack, 'review', created.id)).toHaveLength(1);
    });

    it("the author's edit of an approved review sends it back to pending; a foreign edit is a 403 and changes nothing", async () => {
      const author = await stack.user();
      const other = await stack.user();
      const created = await review(author, { animeId: ATTACK_ON_TITAN.id, title: 'Было' });
      expect((await approve(created.id)).status).toBe(200);

      const foreign = await stack.api.put(`/api/reviews/${created.id}`, { score: 1 }, auth(other));
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe(REVIEW_MESSAGES.editForeign);
      expect((await stack.api.put(`/api/reviews/${created.id}`, { score: 1 }, auth(admin))).status).toBe(403);
      expectFieldError(await stack.api.put(`/api/reviews/${created.id}`, {}, auth(author)), 'text');
      expectFieldError(await stack.api.put(`/api/reviews/${created.id}`, { text: 'коротко' }, auth(author)), 'text');
      expect((await one(created.id)).body.data).toMatchObject({ status: 'approved', score: 8, title: 'Было' });

      const edited = await stack.api.put(`/api/reviews/${created.id}`, { title: null, score: 6 }, auth(author));
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ status: 'pending', title: null, score: 6, text: TEXT });
      expect((await one(created.id)).status).toBe(404);
      expect((await stack.api.put(`/api/reviews/${randomUUID()}`, { score: 2 }, auth(author))).status).toBe(404);
    });

    it("the author or an admin deletes; anyone else gets 403 and nothing changes; only the admin's deletion is an admin action", async () => {
      const author = await stack.user();
      const other = await stack.user();
      const mine = await review(author, { animeId: DEATH_NOTE.id });
      const theirs = await review(other, { animeId: DEATH_NOTE.id });
      expect((await stack.api.delete(`/api/reviews/${theirs.id}`, auth(author))).status).toBe(403);
      expect(await count('SELECT count(*) AS n FROM community.reviews WHERE id = $1', [theirs.id])).toBe(1);
      expect((await stack.api.delete(`/api/reviews/${mine.id}`, auth(author))).body.data).toEqual({ id: mine.id, deleted: true });
      expect((await stack.api.delete(`/api/reviews/${theirs.id}`, auth(admin))).status).toBe(200);
      expect(await count('SELECT count(*) AS n FROM community.reviews WHERE id = ANY($1)', [[mine.id, theirs.id]])).toBe(0);
      expect((await stack.api.delete(`/api/reviews/${theirs.id}`, auth(admin))).status).toBe(404);
      expect(await adminActionsOn(stack, 'review', mine.id)).toEqual([]);
      await expectAdminAction(stack, {
        target: 'review',
        targetId: theirs.id,
        action: 'deleted',
        actorId: admin.id,
        subjectUserId: other.id,
        before: { animeId: DEATH_NOTE.id, title: null, text: TEXT, score: 8, status: 'pending' },
        after: null,
      });
      expect(await adminActionsOn(stack, 'review', theirs.id)).toHaveLength(1);
      // Deleted: the author may write a new one.
      expect((await post(author, { animeId: DEATH_NOTE.id, text: TEXT, score: 4 })).status).toBe(201);
    });
  });

  describe('votes', () => {
    it('20 users voting at once count exactly; a vote changes and is taken back exactly too', async () => {
      const author = await stack.user();
      const created = await review(author, { animeId: NARUTO.id });
      await approve(created.id);
      const voters = await stack.users(20);
      const results = await Promise.all(voters.map((voter, index) => vote(created.id, voter, index < 15)));
      expect(results.every((res) => res.status === 200)).toBe(true);
      const counts = async () => (await stack.db.query('SELECT helpful, unhelpful FROM community.reviews WHERE id = $1', [created.id]))[0];
      expect(await counts()).toEqual({ helpful: 15, unhelpful: 5 });

      // One user, many changes at once: one vote, and the counters agree with the votes.
      const fickle = voters[0];
      await Promise.all(Array.from({ length: 10 }, (_, index) => vote(created.id, fickle, index % 2 === 0)));
      const [stored] = await stack.db.query(
        `SELECT count(*) FILTER (WHERE helpful)::int AS helpful, count(*) FILTER (WHERE NOT helpful)::int AS unhelpful FROM community.review_votes WHERE review_id = $1`,
        [created.id],
      );
      expect(await counts()).toEqual(stored);
      expect(stored.helpful + stored.unhelpful).toBe(20);

      const changed = await vote(created.id, voters[1], false);
      expect(changed.body.data).toMatchObject({ id: created.id, myVote: false });
      const same = await vote(created.id, voters[1], false);
      expect(same.body.data).toEqual(changed.body.data);
      expect((await one(created.id, voters[1])).body.data).toMatchObject({
        myVote: false,
        helpful: changed.body.data.helpful,
        unhelpful: changed.body.data.unhelpful,
      });
      const back = await stack.api.delete(`/api/reviews/${created.id}/vote`, auth(voters[1]));
      expect(back.body.data).toEqual({ id: created.id, helpful: changed.body.data.helpful, unhelpful: changed.body.data.unhelpful - 1, myVote: null });
      expect((await stack.api.delete(`/api/reviews/${created.id}/vote`, auth(voters[1]))).body.data).toEqual(back.body.data);
      expect((await one(created.id, voters[1])).body.data.myVote).toBeNull();
    });

    it('the author cannot vote (400), a pending review cannot be voted on (404), a bad body is a 400; nothing is stored', async () => {
      const author = await stack.user();
      const other = await stack.user();
      const created = await review(author, { animeId: ATTACK_ON_TITAN.id });
      const before = await storedVotes();
      expect((await vote(created.id, other, true)).status).toBe(404);
      await approve(created.id);
      const own = await vote(created.id, author, true);
      expectFieldError(own, 'id');
      expect(own.body.message).toBe(REVIEW_MESSAGES.voteOwn);
      expectFieldError(await stack.api.put(`/api/reviews/${created.id}/vote`, { helpful: 'да' }, auth(other)), 'helpful');
      expect((await vote(randomUUID(), other, true)).status).toBe(404);
      expect(await storedVotes()).toBe(before);
    });
  });

  describe('lists', () => {
    it("a title's approved reviews by date or helpfulness, paged by a cursor: every review once, none hidden", async () => {
      const [{ id: animeId }] = await stack.db.query(`SELECT id FROM catalogue.anime WHERE NOT adult ORDER BY id DESC LIMIT 1`);
      await ofAnime(animeId);
      const same = '2025-01-01T10:00:00.000001Z';
      const ids = await seed(animeId, [
        { createdAt: '2025-01-01T09:00:00Z', helpful: 5 },
        { createdAt: same, helpful: 2 },
        { createdAt: same, helpful: 2 },
        { createdAt: '2025-01-02T00:00:00Z', helpful: 0, unhelpful: 3 },
        { createdAt: '2025-01-03T00:00:00Z', helpful: 9, unhelpful: 1 },
        { createdAt: '2025-01-04T00:00:00Z', status: 'pending' },
        { createdAt: '2025-01-05T00:00:00Z', status: 'rejected' },
      ]);
      const walk = async (sort: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { items: ReviewItem[]; nextCursor: string | null } = await ofAnime(animeId, `?limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
          expect(page.items.length).toBeLessThanOrEqual(2);
          seen.push(...page.items.map((item) => item.id));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      const tie = [ids[1], ids[2]].sort().reverse();
      expect(await walk('date')).toEqual([ids[4], ids[3], ...tie, ids[0]]);
      expect(await walk('helpful')).toEqual([ids[4], ids[0], ...tie, ids[3]]);
      const firstPage = await ofAnime(animeId, '?sort=helpful');
      expect(firstPage.items[0]).toMatchObject({ helpful: 9, unhelpful: 1, rejectionReason: null, mine: false, myVote: null });

      // A cursor of another order, a bad sort or limit: 400.
      const dateCursor = (await ofAnime(animeId, '?limit=1')).nextCursor;
      expectFieldError(await stack.api.get(`/api/reviews/${animeId}?sort=helpful&cursor=${dateCursor}`), 'cursor');
      expectFieldError(await stack.api.get(`/api/reviews/${animeId}?sort=best`), 'sort');
      expectFieldError(await stack.api.get(`/api/reviews?limit=51`), 'limit');
    });

    it('the feed of all titles holds approved reviews only, each with its title, in order', async () => {
      const res = await stack.api.get('/api/reviews?limit=50&sort=helpful');
      expect(res.status).toBe(200);
      const items: Array<ReviewItem & { anime: { id: number } | null }> = res.body.data.items;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => item.status === 'approved' && item.anime?.id === item.animeId)).toBe(true);
      const helpfulness = items.map((item) => item.helpful - item.unhelpful);
      expect(helpfulness).toEqual([...helpfulness].sort((a, b) => b - a));
      const byDate = (await stack.api.get('/api/reviews?limit=50')).body.data.items.map((item: ReviewItem) => item.createdAt);
      expect(byDate).toEqual([...byDate].sort().reverse());
    });

    it('the moderation queue pages oldest first and counts what waits', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pending = 0;
      do {
        const res: { status: number; body: any } = await stack.api.get(`/api/admin/reviews/pending?limit=2${cursor ? `&cursor=${cursor}` : ''}`, auth(admin));
        expect(res.status).toBe(200);
        seen.push(...res.body.data.items.map((item: ReviewItem) => item.id));
        pending = res.body.data.pending;
        cursor = res.body.data.nextCursor;
      } while (cursor);
      const stored = await stack.db.query(`SELECT id FROM community.reviews WHERE status = 'pending' ORDER BY created_at, id`);
      expect(seen).toEqual(stored.map((row) => row.id));
      expect(pending).toBe(stored.length);
    });
  });
});
