import { randomUUID } from 'node:crypto';
import { COMMENT_MESSAGES, COMMUNITY_MESSAGES, REVIEW_MESSAGES, type LatestComment, type ReviewWithAnime } from '@portal/contracts';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { ATTACK_ON_TITAN, type CommunityStack, DEATH_NOTE, expectFieldError, NARUTO, startCommunityStack } from './community-test-kit';

/**
 * A profile's «Комментарии» and «Рецензии» tabs through the gateway (docs/community.md, «Profile»),
 * against the real services: a user's comments (the latest feed's items and spoiler rule), their
 * reviews (pending and rejected ones only for them and admins) and the tabs' counts. Comments past
 * the first are put into the table directly (one comment per 3 s per user otherwise).
 */
describe('profile activity', () => {
  let stack: CommunityStack;
  let admin: RegisteredUser;
  /** Writes comments and reviews; `other` comments too, and reads. */
  let author: RegisteredUser;
  let other: RegisteredUser;
  let spoilerId: string;
  let otherThreadId: string;
  /** The author's live comments, newest first, as the profile should list them. */
  let expectedComments: string[];
  let deletedId: string;
  const reviewIds: Record<'approved' | 'pending' | 'rejected', string> = { approved: '', pending: '', rejected: '' };
  /** 660 characters: comfortably past a review's 500 minimum. */
  const TEXT = 'Отличный сериал с продуманным сюжетом. '.repeat(17).trim();

  const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);
  const path = (username: string, tab: 'comments' | 'reviews' | 'community-counts', query = '') =>
    `/api/users/profile/${encodeURIComponent(username)}/${tab}${query}`;
  const commentsOf = async (username: string, query = '', viewer?: RegisteredUser): Promise<{ items: LatestComment[]; nextCursor: string | null }> => {
    const res = await stack.api.get(path(username, 'comments', query), auth(viewer));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const reviewsOf = async (
    username: string,
    query = '',
    viewer?: RegisteredUser,
  ): Promise<{ items: ReviewWithAnime[]; meta: { page: number; limit: number; total: number } }> => {
    const res = await stack.api.get(path(username, 'reviews', query), auth(viewer));
    expect(res.status).toBe(200);
    return { items: res.body.data, meta: res.body.meta };
  };
  const countsOf = async (username: string, viewer?: RegisteredUser) => {
    const res = await stack.api.get(path(username, 'community-counts'), auth(viewer));
    expect(res.status).toBe(200);
    return res.body.data as { comments: number; reviews: number };
  };
  /** A comment row put straight into the table, by an author the read model knows. */
  const seed = async (user: RegisteredUser, fields: { animeId: number; createdAt: string; deleted?: boolean; parent?: { id: string; rootId: string } }) => {
    const id = randomUUID();
    await stack.db.query(`INSERT INTO community.user_refs (id, username, display_name, version) VALUES ($1, $2, $2, 'epoch') ON CONFLICT (id) DO NOTHING`, [
      user.id,
      user.username,
    ]);
    await stack.db.query(
      `INSERT INTO community.comments (id, target_type, target_id, parent_id, thread_parent_id, root_id, depth, author_id, content, created_at, deleted_at)
       VALUES ($1, 'anime', $2, $3, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)`,
      [
        id,
        String(fields.animeId),
        fields.parent?.id ?? null,
        fields.parent?.rootId ?? id,
        fields.parent ? 1 : 0,
        user.id,
        `seeded ${id}`,
        fields.createdAt,
        fields.deleted ?? false,
      ],
    );
    return id;
  };
  const postReview = async (user: RegisteredUser, animeId: number): Promise<string> => {
    const res = await stack.api.post('/api/reviews', { animeId, text: TEXT, score: 8 }, auth(user));
    if (res.status !== 201) throw new Error(`POST /api/reviews → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  };

  beforeAll(async () => {
    stack = await startCommunityStack('profact');
    [admin, author, other] = await Promise.all([stack.admin(), stack.user(), stack.user()]);

    // Real posts (they also store the two titles' copies the items show); the rest is seeded.
    const spoiler = await stack.api.post('/api/comments', { animeId: NARUTO.id, content: 'Хината победит', episode: 2, at: 300 }, auth(author));
    expect(spoiler.status).toBe(201);
    spoilerId = spoiler.body.data.id;
    const thread = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: 'Кто смотрит впервые?' }, auth(other));
    expect(thread.status).toBe(201);
    otherThreadId = thread.body.data.id;

    const seeded: Array<{ id: string; at: string }> = [];
    for (let index = 0; index < 12; index++) {
      const createdAt = new Date(Date.UTC(2025, 0, 1 + index, 12)).toISOString();
      seeded.push({ id: await seed(author, { animeId: index % 2 ? NARUTO.id : DEATH_NOTE.id, createdAt }), at: createdAt });
    }
    // Two in the same microsecond: a page boundary between them falls between their ids.
    const twin = '2025-02-01T12:00:00.123456Z';
    seeded.push(
      { id: await seed(author, { animeId: DEATH_NOTE.id, createdAt: twin }), at: twin },
      { id: await seed(author, { animeId: NARUTO.id, createdAt: twin }), at: twin },
    );
    // A reply to someone else's thread is the author's comment too.
    const replyAt = '2025-02-02T12:00:00.000Z';
    seeded.push({ id: await seed(author, { animeId: DEATH_NOTE.id, createdAt: replyAt, parent: { id: otherThreadId, rootId: otherThreadId } }), at: replyAt });
    deletedId = await seed(author, { animeId: DEATH_NOTE.id, createdAt: '2025-02-03T12:00:00.000Z', deleted: true });
    // Someone else's comment in between must not show.
    await seed(other, { animeId: NARUTO.id, createdAt: '2025-01-05T13:00:00.000Z' });
    expectedComments = [spoilerId, ...seeded.sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1)).map((comment) => comment.id)];

    reviewIds.approved = await postReview(author, DEATH_NOTE.id);
    reviewIds.pending = await postReview(author, NARUTO.id);
    reviewIds.rejected = await postReview(author, ATTACK_ON_TITAN.id);
    expect((await stack.api.put(`/api/reviews/${reviewIds.approved}/approve`, undefined, auth(admin))).status).toBe(200);
    expect((await stack.api.put(`/api/reviews/${reviewIds.rejected}/reject`, { reason: 'Спойлеры без тега' }, auth(admin))).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('comments', () => {
    it('lists the user’s live comments (threads and replies) newest first, each with its title; deleted ones and others’ are left out', async () => {
      const page = await commentsOf(author.username, '?limit=50', author);
      expect(page.items.map((item) => item.id)).toEqual(expectedComments);
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((item) => item.id)).not.toContain(deletedId);
      expect(page.items.every((item) => item.author.id === author.id && !item.deleted)).toBe(true);
      const reply = page.items.find((item) => item.parentId === otherThreadId);
      expect(reply).toMatchObject({ depth: 1, animeId: DEATH_NOTE.id });
      for (const item of page.items) {
        expect(item.anime).toMatchObject({ id: item.animeId, title: expect.any(String) });
        expect(Object.keys(item.anime ?? {}).sort()).toEqual(['episodes', 'fallbackPoster', 'id', 'kind', 'poster', 'title', 'year']);
      }
    });

    it('the default page is 20; the cursor pages through every comment once, the same microsecond included', async () => {
      expect((await commentsOf(author.username)).items).toHaveLength(Math.min(20, expectedComments.length));
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: { items: LatestComment[]; nextCursor: string | null } = await commentsOf(author.username, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(4);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      expect(seen).toEqual(expectedComments);
      expect(pages).toBe(Math.ceil(expectedComments.length / 4));
    });

    it('a spoiler is hidden exactly as the latest feed hides it: from guests and viewers who have not watched, not from the author or admins', async () => {
      const inFeed = async (viewer?: RegisteredUser) =>
        ((await stack.api.get('/api/comments/latest?limit=50', auth(viewer))).body.data as LatestComment[]).find((item) => item.id === spoilerId);
      const inProfile = async (viewer?: RegisteredUser) =>
        (await commentsOf(author.username.toUpperCase(), '?limit=50', viewer)).items.find((item) => item.id === spoilerId);

      const hidden = { content: null, spoiler: { episode: 2, at: 300, hidden: true } };
      const shown = { content: 'Хината победит', spoiler: { episode: 2, at: 300, hidden: false } };
      expect(await inProfile()).toMatchObject(hidden);
      expect(await inProfile(other)).toMatchObject(hidden);
      expect(await inProfile(author)).toMatchObject(shown);
      expect(await inProfile(admin)).toMatchObject(shown);
      for (const viewer of [undefined, other, author, admin]) expect(await inProfile(viewer)).toEqual(await inFeed(viewer));

      // Watching past the moment reveals it, as everywhere.
      expect((await stack.api.post('/api/progress', { animeId: NARUTO.id, episode: 2, position: 300 }, auth(other))).status).toBe(200);
      expect(await inProfile(other)).toMatchObject(shown);
    });

    it('a deleted comment leaves the list and the count at once', async () => {
      const user = await stack.user();
      const posted = await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: 'Скоро удалю' }, auth(user));
      expect(posted.status).toBe(201);
      expect((await commentsOf(user.username)).items.map((item) => item.id)).toEqual([posted.body.data.id]);
      expect((await countsOf(user.username)).comments).toBe(1);
      expect((await stack.api.delete(`/api/comments/${posted.body.data.id}`, auth(user))).status).toBe(200);
      expect(await commentsOf(user.username)).toEqual({ items: [], nextCursor: null });
      expect(await countsOf(user.username)).toEqual({ comments: 0, reviews: 0 });
    });
  });

  describe('reviews', () => {
    it('guests and other users see only the approved review, without any rejection reason', async () => {
      for (const viewer of [undefined, other]) {
        const { items, meta } = await reviewsOf(author.username, '', viewer);
        expect(items.map((item) => item.id)).toEqual([reviewIds.approved]);
        expect(items[0]).toMatchObject({ status: 'approved', animeId: DEATH_NOTE.id, anime: { id: DEATH_NOTE.id }, mine: false, rejectionReason: null });
        expect(meta).toEqual({ page: 1, limit: 20, total: 1 });
      }
    });

    it('the author sees every status, newest first, with the rejection’s reason', async () => {
      const { items, meta } = await reviewsOf(author.username, '', author);
      expect(items.map((item) => [item.id, item.status])).toEqual([
        [reviewIds.rejected, 'rejected'],
        [reviewIds.pending, 'pending'],
        [reviewIds.approved, 'approved'],
      ]);
      expect(items.every((item) => item.mine)).toBe(true);
      expect(items[0]).toMatchObject({ rejectionReason: 'Спойлеры без тега', anime: { id: ATTACK_ON_TITAN.id } });
      expect(meta.total).toBe(3);
    });

    it('an admin sees every status too; a user made admin later as well (the role is asked of auth)', async () => {
      const { items } = await reviewsOf(author.username, '', admin);
      expect(items.map((item) => item.status)).toEqual(['rejected', 'pending', 'approved']);
      expect(items[0]).toMatchObject({ rejectionReason: 'Спойлеры без тега', mine: false });

      const promoted = await stack.user();
      expect((await reviewsOf(author.username, '', promoted)).items).toHaveLength(1);
      await stack.db.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [promoted.id]);
      expect((await reviewsOf(author.username, '', promoted)).items).toHaveLength(3);
    });

    it('pages by ?page&limit with the total in meta', async () => {
      const first = await reviewsOf(author.username, '?page=1&limit=2', author);
      const second = await reviewsOf(author.username, '?page=2&limit=2', author);
      expect(first.meta).toEqual({ page: 1, limit: 2, total: 3 });
      expect(second.meta).toEqual({ page: 2, limit: 2, total: 3 });
      expect([...first.items, ...second.items].map((item) => item.id)).toEqual([reviewIds.rejected, reviewIds.pending, reviewIds.approved]);
      expect((await reviewsOf(author.username, '?page=3&limit=2', author)).items).toEqual([]);
    });
  });

  describe('counts', () => {
    it('counts live comments, and the reviews the caller may see', async () => {
      const comments = expectedComments.length;
      expect(await countsOf(author.username)).toEqual({ comments, reviews: 1 });
      expect(await countsOf(author.username, other)).toEqual({ comments, reviews: 1 });
      expect(await countsOf(author.username, author)).toEqual({ comments, reviews: 3 });
      expect(await countsOf(author.username, admin)).toEqual({ comments, reviews: 3 });
      // The same numbers the lists give.
      expect((await reviewsOf(author.username, '', admin)).meta.total).toBe(3);
    });

    it('a user the community has no row of (never commented) exists for auth: zeros and empty lists, not a 404', async () => {
      const quiet = await stack.user();
      await stack.db.query('DELETE FROM community.user_refs WHERE id = $1', [quiet.id]);
      expect(await countsOf(quiet.username)).toEqual({ comments: 0, reviews: 0 });
      expect(await commentsOf(quiet.username)).toEqual({ items: [], nextCursor: null });
      expect(await reviewsOf(quiet.username)).toEqual({ items: [], meta: { page: 1, limit: 20, total: 0 } });
    });
  });

  describe('refusals', () => {
    it.each(['comments', 'reviews', 'community-counts'] as const)('%s of an unknown user is a 404 «Пользователь не найден»', async (tab) => {
      const res = await stack.api.get(path(`nobody${Date.now()}`, tab));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.userNotFound });
    });

    it.each([
      ['comments', '?limit=0', 'limit', COMMENT_MESSAGES.limit(50)],
      ['comments', '?limit=51', 'limit', COMMENT_MESSAGES.limit(50)],
      ['comments', '?limit=десять', 'limit', COMMENT_MESSAGES.limit(50)],
      ['comments', '?cursor=garbage', 'cursor', COMMENT_MESSAGES.cursor],
      ['comments', `?cursor=1_${randomUUID()}x`, 'cursor', COMMENT_MESSAGES.cursor],
      ['reviews', '?page=0', 'page', COMMUNITY_MESSAGES.page],
      ['reviews', '?page=1.5', 'page', COMMUNITY_MESSAGES.page],
      ['reviews', '?limit=51', 'limit', REVIEW_MESSAGES.limit],
      ['reviews', '?limit=abc', 'limit', REVIEW_MESSAGES.limit],
    ] as const)('%s%s → 400 on %s with a Russian message', async (tab, query, field, message) => {
      const res = await stack.api.get(path(author.username, tab, query));
      expectFieldError(res, field);
      expect(res.body.errors.find((error: { field: string }) => error.field === field).message).toBe(message);
    });

    it.each(['comments', 'reviews', 'community-counts'] as const)('%s of a 65-character username is a 400 on username', async (tab) => {
      expectFieldError(await stack.api.get(path('я'.repeat(65), tab)), 'username');
    });
  });
});
