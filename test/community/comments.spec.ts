import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { COMMENT_MESSAGES, COMMENTS_NAMESPACE, EVENT_QUEUE_OF, type CommentItem, type CommentNode, type CommentThread } from '@portal/contracts';
import { bullPrefix } from '@portal/messaging';
import { waitFor } from '@portal/testing';
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
 * Comments through the gateway (docs/community.md, «Comments»), against the real services. The
 * stack keeps the default limits (one comment per 3 s per user), so each test writes with users of
 * its own; bulk data (pagination, the daily cap) is put into the table directly.
 */
describe('comments', () => {
  let stack: CommunityStack;
  const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);
  const post = (user: RegisteredUser | undefined, body: unknown) => stack.api.post('/api/comments', body, auth(user));
  /** Posts and expects 201: the comment as its author sees it. */
  const comment = async (user: RegisteredUser, body: Record<string, unknown>): Promise<CommentItem> => {
    const res = await post(user, { animeId: DEATH_NOTE.id, content: 'Отличная серия', ...body });
    if (res.status !== 201) throw new Error(`POST /api/comments → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const threads = async (animeId: number, query = '', user?: RegisteredUser): Promise<{ items: CommentThread[]; nextCursor: string | null }> => {
    const res = await stack.api.get(`/api/anime/${animeId}/comments${query}`, auth(user));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const one = (id: string, query = '', user?: RegisteredUser) => stack.api.get(`/api/comments/${id}${query}`, auth(user));
  /** Every node of some trees, depth first. */
  const flatten = (nodes: CommentNode[]): CommentNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
  const count = async (sql: string, params: unknown[] = []) => Number((await stack.db.query(sql, params))[0].n);
  const storedComments = () => count('SELECT count(*) AS n FROM community.comments');
  const outboxOf = (name: string, commentId: string) =>
    stack.db.query(`SELECT payload FROM community.outbox WHERE event_name = $1 AND payload->>'commentId' = $2`, [name, commentId]);
  /** A comment row put straight into the table (pagination, the daily cap), by an author the read model knows. */
  const seed = async (author: RegisteredUser, fields: { animeId?: number; createdAt: string; deleted?: boolean; parent?: { id: string; rootId: string } }) => {
    const id = randomUUID();
    await stack.db.query(`INSERT INTO community.user_refs (id, username, display_name, version) VALUES ($1, $2, $2, 'epoch') ON CONFLICT (id) DO NOTHING`, [
      author.id,
      author.username,
    ]);
    await stack.db.query(
      `INSERT INTO community.comments (id, target_type, target_id, parent_id, thread_parent_id, root_id, depth, author_id, content, created_at, deleted_at)
       VALUES ($1, 'anime', $2, $3, $3, $4, $5, $6, 'seeded', $7, CASE WHEN $8 THEN now() END)`,
      [
        id,
        String(fields.animeId ?? NARUTO.id),
        fields.parent?.id ?? null,
        fields.parent?.rootId ?? id,
        fields.parent ? 1 : 0,
        author.id,
        fields.createdAt,
        fields.deleted ?? false,
      ],
    );
    return id;
  };

  beforeAll(async () => {
    stack = await startCommunityStack('comments');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('who may write', () => {
    it.each([
      ['POST', '/api/comments'],
      ['PUT', `/api/comments/${randomUUID()}`],
      ['DELETE', `/api/comments/${randomUUID()}`],
      ['POST', `/api/comments/${randomUUID()}/like`],
      ['DELETE', `/api/comments/${randomUUID()}/like`],
    ])('%s %s needs a signed-in user (401)', async (method, path) => {
      const before = await storedComments();
      const res = await stack.api[method.toLowerCase() as 'post'](path, { animeId: DEATH_NOTE.id, content: 'Гость' });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
      expect(await storedComments()).toBe(before);
    });

    it('an unknown title is a 404 «Аниме не найдено» and stores nothing (not even the title)', async () => {
      const user = await stack.user();
      const before = await storedComments();
      const res = await post(user, { animeId: 999_999_999, content: 'Есть тут кто?' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Аниме не найдено' });
      expect(await storedComments()).toBe(before);
      expect((await stack.api.get('/api/anime/999999999/comments')).status).toBe(404);
      // The refusal did not use up the user's turn either.
      expect((await post(user, { animeId: DEATH_NOTE.id, content: 'А вот тут есть' })).status).toBe(201);
    });

    it('a refused write leaves no row anywhere, not even the copy of a title it looked up', async () => {
      const user = await stack.user();
      const [fresh] = await stack.db.query(
        `SELECT a.id FROM catalogue.anime a WHERE NOT a.adult AND NOT EXISTS (SELECT 1 FROM community.anime_refs r WHERE r.id = a.id) ORDER BY a.id LIMIT 1`,
      );
      const before = await storedComments();
      const res = await post(user, { animeId: fresh.id, content: 'Ответ в пустоту', parentId: randomUUID() });
      expectFieldError(res, 'parentId');
      expect(await storedComments()).toBe(before);
      expect(await count('SELECT count(*) AS n FROM community.anime_refs WHERE id = $1', [fresh.id])).toBe(0);
      expect(
        await count(`SELECT count(*) AS n FROM community.outbox WHERE event_name LIKE 'community.comment.%' AND payload->>'authorId' = $1`, [user.id]),
      ).toBe(0);
    });

    it.each([
      [{ animeId: DEATH_NOTE.id, content: '' }, 'content', COMMENT_MESSAGES.content],
      [{ animeId: DEATH_NOTE.id, content: '   \n\t ' }, 'content', COMMENT_MESSAGES.content],
      [{ animeId: DEATH_NOTE.id, content: 'я'.repeat(2001) }, 'content', COMMENT_MESSAGES.contentTooLong],
      [{ animeId: DEATH_NOTE.id, content: 42 }, 'content', COMMENT_MESSAGES.content],
      [{ content: 'Без аниме' }, 'animeId', COMMENT_MESSAGES.animeId],
      [{ animeId: 'двадцать', content: 'Текст' }, 'animeId', COMMENT_MESSAGES.animeId],
      [{ animeId: DEATH_NOTE.id, content: 'Текст', parentId: 'not-a-uuid' }, 'parentId', COMMENT_MESSAGES.id],
      [{ animeId: DEATH_NOTE.id, content: 'Текст', episode: 0, at: 10 }, 'episode', COMMENT_MESSAGES.episode],
      [{ animeId: DEATH_NOTE.id, content: 'Текст', episode: 2, at: -1 }, 'at', COMMENT_MESSAGES.at],
      [{ animeId: DEATH_NOTE.id, content: 'Текст', episode: 2, at: 1.5 }, 'at', COMMENT_MESSAGES.at],
      [{ animeId: DEATH_NOTE.id, content: 'Текст', at: 300 }, 'episode', COMMENT_MESSAGES.atWithoutEpisode],
      [{ animeId: DEATH_NOTE.id, content: 'Текст', episode: DEATH_NOTE.episodes + 1, at: 0 }, 'episode', COMMENT_MESSAGES.episodeBeyondTotal],
    ])('%j → 400 on %s with a Russian message, nothing stored', async (body, field, message) => {
      const user = await stack.user();
      const before = await storedComments();
      const res = await post(user, body);
      expectFieldError(res, field);
      expect(res.body.errors.find((error: { field: string }) => error.field === field).message).toBe(message);
      expect(await storedComments()).toBe(before);
    });

    it('2,000 characters after trimming are accepted, and the text is stored trimmed', async () => {
      const text = 'я'.repeat(2000);
      const created = await comment(await stack.user(), { content: `  ${text}\n` });
      expect(created.content).toBe(text);
    });

    it('an XSS payload is stored and returned as the very same text', async () => {
      const payload = `<script>alert("xss")</script><img src=x onerror="alert(1)"> &lt;b&gt; "quotes" 'single' \`back\``;
      const created = await comment(await stack.user(), { content: payload });
      expect(created.content).toBe(payload);
      expect((await one(created.id)).body.data.content).toBe(payload);
      const [row] = await stack.db.query('SELECT content FROM community.comments WHERE id = $1', [created.id]);
      expect(row.content).toBe(payload);
    });

    it('bad words are masked letter by letter, the rest kept as written', async () => {
      const created = await comment(await stack.user(), { content: 'What the fuck, Лайт! BigFuck assassin' });
      expect(created.content).toBe('What the ****, Лайт! Big**** assassin');
    });
  });

  describe('threads and replies', () => {
    it('a reply must answer a live comment of the same title: 400 on parentId otherwise', async () => {
      const [author, replier] = [await stack.user(), await stack.user()];
      const onNaruto = await comment(author, { animeId: NARUTO.id, content: 'Даттебайо' });
      const before = await storedComments();
      let res = await post(replier, { animeId: DEATH_NOTE.id, content: 'Не туда', parentId: onNaruto.id });
      expectFieldError(res, 'parentId');
      expect(res.body.message).toBe(COMMENT_MESSAGES.parentOtherTarget);
      res = await post(replier, { animeId: DEATH_NOTE.id, content: 'Некому', parentId: randomUUID() });
      expectFieldError(res, 'parentId');
      expect(res.body.message).toBe(COMMENT_MESSAGES.parentNotFound);
      expect(await storedComments()).toBe(before);
      const [parent] = await stack.db.query('SELECT replies FROM community.comments WHERE id = $1', [onNaruto.id]);
      expect(parent.replies).toBe(0);
    });

    it('replies nest to depth 3; an answer deeper down is shown beside the comment it answers, and names it in parentId', async () => {
      const users = await Promise.all(Array.from({ length: 6 }, () => stack.user()));
      const root = await comment(users[0], { animeId: ATTACK_ON_TITAN.id, content: 'Корень' });
      const first = await comment(users[1], { animeId: ATTACK_ON_TITAN.id, content: 'Ответ 1', parentId: root.id });
      const second = await comment(users[2], { animeId: ATTACK_ON_TITAN.id, content: 'Ответ 2', parentId: first.id });
      const third = await comment(users[3], { animeId: ATTACK_ON_TITAN.id, content: 'Ответ 3', parentId: second.id });
      const fourth = await comment(users[4], { animeId: ATTACK_ON_TITAN.id, content: 'Ответ 4', parentId: third.id });
      const fifth = await comment(users[5], { animeId: ATTACK_ON_TITAN.id, content: 'Ответ 5', parentId: fourth.id });
      expect([root, first, second, third, fourth, fifth].map((item) => item.depth)).toEqual([0, 1, 2, 3, 3, 3]);
      expect(fourth).toMatchObject({ parentId: third.id, threadParentId: second.id });
      expect(fifth).toMatchObject({ parentId: fourth.id, threadParentId: second.id, animeId: ATTACK_ON_TITAN.id });

      const [thread] = (await threads(ATTACK_ON_TITAN.id)).items.filter((item) => item.id === root.id);
      expect(thread).toMatchObject({ id: root.id, parentId: null, replies: 1, moreReplies: false });
      expect(thread.children.map((node) => node.id)).toEqual([first.id]);
      expect(thread.children[0].children.map((node) => node.id)).toEqual([second.id]);
      const level3 = thread.children[0].children[0].children;
      expect(level3.map((node) => [node.id, node.depth, node.children.length])).toEqual([
        [third.id, 3, 0],
        [fourth.id, 3, 0],
        [fifth.id, 3, 0],
      ]);
      expect(level3.map((node) => node.replies)).toEqual([1, 1, 0]);
      expect(flatten([thread]).every((node) => node.depth <= 3)).toBe(true);
      expect(thread.author).toEqual({ id: users[0].id, username: users[0].username, displayName: users[0].username, avatar: null, rank: 'новичок' });

      // The reply event names whom it answers (the notification goes to the author of `fourth`).
      const [event] = await outboxOf('community.comment.posted', fifth.id);
      expect(event.payload).toMatchObject({
        commentId: fifth.id,
        targetType: 'anime',
        targetId: String(ATTACK_ON_TITAN.id),
        authorId: users[5].id,
        authorUsername: users[5].username,
        parentId: fourth.id,
        parentAuthorId: users[4].id,
        excerpt: 'Ответ 5',
      });
      // GET /comments/{id}: the comment with what is shown under it.
      const res = await one(second.id);
      expect(res.status).toBe(200);
      expect(res.body.data.children.map((node: CommentNode) => node.id)).toEqual([third.id, fourth.id, fifth.id]);
    });

    it('pages threads newest first by an opaque cursor: every thread once, no gaps, ties on time broken by id', async () => {
      const author = await stack.user();
      const replier = await stack.user();
      // 45 threads on a title of their own, in groups of three sharing one timestamp.
      const animeId = 5114; // Fullmetal Alchemist: Brotherhood in the fixture
      expect((await stack.api.get(`/api/anime/${animeId}`)).status).toBe(200);
      const seeded: Array<{ id: string; at: string }> = [];
      for (let index = 0; index < 45; index += 1) {
        // Microseconds too: the cursor must keep them exactly.
        const at = new Date(Date.UTC(2024, 0, 1, 0, 0, Math.floor(index / 3), 123)).toISOString().replace('Z', '456+00');
        seeded.push({ id: await seed(author, { animeId, createdAt: at }), at });
      }
      // A deleted thread without replies is not listed; one with a live reply stays as a placeholder.
      const gone = await seed(author, { animeId, createdAt: '2024-01-01T00:00:05.5+00', deleted: true });
      const kept = await seed(author, { animeId, createdAt: '2024-01-01T00:00:06.5+00', deleted: true });
      await seed(replier, { animeId, createdAt: '2024-01-02T00:00:00+00', parent: { id: kept, rootId: kept } });
      const [expected]: Array<{ ids: string[] }> = await stack.db.query(
        `SELECT array_agg(id::text ORDER BY created_at DESC, id DESC) AS ids FROM community.comments
         WHERE target_id = $1 AND parent_id IS NULL AND id <> $2`,
        [String(animeId), gone],
      );
      expect(expected.ids).toHaveLength(46);

      const listed: CommentThread[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const page = await threads(animeId, `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(10);
        listed.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      }
      expect(pages).toBe(5);
      expect(listed.map((item) => item.id)).toEqual(expected.ids);
      const placeholder = listed.find((item) => item.id === kept) as CommentThread;
      expect(placeholder).toMatchObject({ deleted: true, content: null });
      expect(placeholder.children).toHaveLength(1);
      expect(listed.find((item) => item.id === gone)).toBeUndefined();

      // The default page is 20 threads; the limit is 1..50; a cursor is validated.
      const first = await threads(animeId);
      expect(first.items).toHaveLength(20);
      expectFieldError(await stack.api.get(`/api/anime/${animeId}/comments?limit=51`), 'limit');
      expectFieldError(await stack.api.get(`/api/anime/${animeId}/comments?limit=0`), 'limit');
      expectFieldError(await stack.api.get(`/api/anime/${animeId}/comments?cursor=abc`), 'cursor');
      expectFieldError(await stack.api.get(`/api/anime/${animeId}/comments?cursor=${'9'.repeat(18)}_${randomUUID()}`), 'cursor');
      expectFieldError(await stack.api.get('/api/anime/abc/comments'), 'id');
    });

    it('the pages and the feed are served by their indexes (EXPLAIN)', async () => {
      const threadsPlan = await stack.db.indexPlan(
        `SELECT id FROM community.comments WHERE target_type = 'anime' AND target_id = '20' AND parent_id IS NULL ORDER BY created_at DESC, id DESC LIMIT 21`,
      );
      expect(threadsPlan).toContain('comments_target_threads');
      const repliesPlan = await stack.db.indexPlan(
        `SELECT id FROM community.comments WHERE root_id = $1 AND parent_id IS NOT NULL ORDER BY created_at, id LIMIT 201`,
        [randomUUID()],
      );
      expect(repliesPlan).toContain('comments_thread_replies');
      const latestPlan = await stack.db.indexPlan(`SELECT id FROM community.comments WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 10`);
      expect(latestPlan).toContain('comments_latest');
    });

    it('comment reads are never served from the catalogue response cache', async () => {
      const res = await stack.api.get(`/api/anime/${DEATH_NOTE.id}/comments`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBeNull();
      expect((await stack.api.get(`/api/anime/${DEATH_NOTE.id}/comments`)).headers.get('x-cache')).toBeNull();
    });
  });

  describe('spoilers pinned to a moment', () => {
    let author: RegisteredUser;
    let spoiler: CommentItem;
    const seenBy = async (user?: RegisteredUser, query = '') =>
      flatten((await threads(DEATH_NOTE.id, query, user)).items).find((node) => node.id === spoiler.id) as CommentNode;

    beforeAll(async () => {
      author = await stack.user();
      spoiler = await comment(author, { content: 'L умрёт', episode: 2, at: 300 });
    });

    it('the author gets the text; a guest and a viewer who has not watched that far get none', async () => {
      expect(spoiler).toMatchObject({ content: 'L умрёт', spoiler: { episode: 2, at: 300, hidden: false } });
      expect(await seenBy(author)).toMatchObject({ content: 'L умрёт', spoiler: { hidden: false } });
      expect(await seenBy()).toMatchObject({ content: null, spoiler: { episode: 2, at: 300, hidden: true } });
      const viewer = await stack.user();
      expect(await seenBy(viewer)).toMatchObject({ content: null, spoiler: { hidden: true } });
      expect((await one(spoiler.id, '', viewer)).body.data).toMatchObject({ content: null, spoiler: { hidden: true } });
      // The excerpt an event carries for notifications tells nothing either.
      expect((await outboxOf('community.comment.posted', spoiler.id))[0].payload.excerpt).toBe('');
    });

    it('?reveal=<id> gives that one comment anyway', async () => {
      const viewer = await stack.user();
      expect(await seenBy(viewer, `?reveal=${spoiler.id}`)).toMatchObject({ content: 'L умрёт', spoiler: { hidden: false } });
      expect(await seenBy(undefined, `?reveal=${spoiler.id}`)).toMatchObject({ content: 'L умрёт' });
      expect((await one(spoiler.id, `?reveal=${spoiler.id}`)).body.data.content).toBe('L умрёт');
      expect(await seenBy(viewer, `?reveal=${randomUUID()}`)).toMatchObject({ content: null });
      expectFieldError(await stack.api.get(`/api/anime/${DEATH_NOTE.id}/comments?reveal=x`), 'reveal');
    });

    it('saved progress decides: before the second it stays hidden, at or past it the text is shown', async () => {
      const viewer = await stack.user();
      const save = (episode: number, position: number) => stack.api.post('/api/progress', { animeId: DEATH_NOTE.id, episode, position }, auth(viewer));
      expect((await save(1, 1200)).status).toBe(200);
      expect(await seenBy(viewer)).toMatchObject({ content: null, spoiler: { hidden: true } });
      await save(2, 299);
      expect(await seenBy(viewer)).toMatchObject({ content: null, spoiler: { hidden: true } });
      await save(2, 300);
      expect(await seenBy(viewer)).toMatchObject({ content: 'L умрёт', spoiler: { episode: 2, at: 300, hidden: false } });

      const ahead = await stack.user();
      await stack.api.post('/api/progress', { animeId: DEATH_NOTE.id, episode: 3, position: 0 }, auth(ahead));
      expect(await seenBy(ahead)).toMatchObject({ content: 'L умрёт' });
      // A title marked completed in the list has been seen too.
      const finished = await stack.user();
      expect((await stack.api.put('/api/users/anime/status', { animeId: DEATH_NOTE.id, status: 'completed' }, auth(finished))).status).toBe(200);
      expect(await seenBy(finished)).toMatchObject({ content: 'L умрёт' });
    });

    it('an admin gets the text', async () => {
      const admin = await stack.admin();
      expect(await seenBy(admin)).toMatchObject({ content: 'L умрёт', spoiler: { hidden: false } });
    });

    it('the latest feed hides it by the same rule', async () => {
      const feed = (await stack.api.get('/api/comments/latest?limit=50')).body.data as CommentItem[];
      expect(feed.find((item) => item.id === spoiler.id)).toMatchObject({ content: null, spoiler: { hidden: true } });
      const mine = (await stack.api.get('/api/comments/latest?limit=50', auth(author))).body.data as CommentItem[];
      expect(mine.find((item) => item.id === spoiler.id)).toMatchObject({ content: 'L умрёт' });
    });
  });

  describe('likes', () => {
    it('20 users liking at once count 20; one user 10 times at once counts once; events only for new likes', async () => {
      const author = await stack.user();
      const target = await comment(author, { content: 'Лайкните меня' });
      const likers = await stack.users(20);
      const results = await Promise.all(likers.map((liker) => stack.api.post(`/api/comments/${target.id}/like`, undefined, auth(liker))));
      expect(results.map((res) => res.status)).toEqual(Array(20).fill(200));
      // Each like's own count: every number from 1 to 20 once.
      expect(results.map((res) => res.body.data.likes).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
      const eager = await stack.user();
      const repeated = await Promise.all(Array.from({ length: 10 }, () => stack.api.post(`/api/comments/${target.id}/like`, undefined, auth(eager))));
      expect(repeated.every((res) => res.status === 200 && res.body.data.likedByMe === true)).toBe(true);

      const [row] = await stack.db.query('SELECT likes FROM community.comments WHERE id = $1', [target.id]);
      expect(row.likes).toBe(21);
      expect(await count('SELECT count(*) AS n FROM community.comment_likes WHERE comment_id = $1', [target.id])).toBe(21);
      const events = await outboxOf('community.comment.liked', target.id);
      expect(events).toHaveLength(21);
      expect(events.find((event) => event.payload.likerId === eager.id)?.payload).toMatchObject({
        authorId: author.id,
        authorUsername: author.username,
        likerUsername: eager.username,
        excerpt: 'Лайкните меня',
        targetType: 'anime',
        targetId: String(DEATH_NOTE.id),
      });

      const res = await one(target.id, '', eager);
      expect(res.body.data).toMatchObject({ likes: 21, likedByMe: true });
      expect((await one(target.id, '', author)).body.data.likedByMe).toBe(false);

      // Taking a like back: once; a second time changes nothing; no event.
      let unlike = await stack.api.delete(`/api/comments/${target.id}/like`, auth(eager));
      expect(unlike.body.data).toEqual({ id: target.id, likes: 20, likedByMe: false });
      unlike = await stack.api.delete(`/api/comments/${target.id}/like`, auth(eager));
      expect(unlike.body.data).toEqual({ id: target.id, likes: 20, likedByMe: false });
      expect(await outboxOf('community.comment.liked', target.id)).toHaveLength(21);
    });

    it("one's own comment cannot be liked (400); an unknown one is a 404", async () => {
      const author = await stack.user();
      const own = await comment(author, { content: 'Сам себя не похвалишь' });
      const res = await stack.api.post(`/api/comments/${own.id}/like`, undefined, auth(author));
      expectFieldError(res, 'id');
      expect(res.body.message).toBe(COMMENT_MESSAGES.likeOwn);
      expect(await count('SELECT count(*) AS n FROM community.comment_likes WHERE comment_id = $1', [own.id])).toBe(0);
      const missing = await stack.api.post(`/api/comments/${randomUUID()}/like`, undefined, auth(author));
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(COMMENT_MESSAGES.notFound);
      expectFieldError(await stack.api.post('/api/comments/abc/like', undefined, auth(author)), 'id');
    });
  });

  describe('limits', () => {
    it('a second comment within 3 s is a 429 with Retry-After, and is not stored', async () => {
      const user = await stack.user();
      await comment(user, { content: 'Первый' });
      const before = await storedComments();
      const res = await post(user, { animeId: DEATH_NOTE.id, content: 'Второй' });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED', message: COMMENT_MESSAGES.rateLimited });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3);
      expect(await storedComments()).toBe(before);
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
      expect((await post(user, { animeId: DEATH_NOTE.id, content: 'Второй, позже' })).status).toBe(201);
    }, 15_000);

    it('past 200 comments in a day (deleted ones count) the next is a 429 until the oldest is a day old', async () => {
      const user = await stack.user();
      const first = await seed(user, { animeId: DEATH_NOTE.id, createdAt: new Date(Date.now() - 3600 * 1000).toISOString(), deleted: true });
      await stack.db.query(
        `INSERT INTO community.comments (id, target_type, target_id, root_id, depth, author_id, content, created_at, deleted_at)
         SELECT id, 'anime', $2, id, 0, $1, 'seeded', now() - interval '30 minutes', now() FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 199)) s`,
        [user.id, String(DEATH_NOTE.id)],
      );
      expect(first).toBeDefined();
      const res = await post(user, { animeId: DEATH_NOTE.id, content: 'Двести первый' });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(COMMENT_MESSAGES.dailyLimit);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(22 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(23 * 3600 + 1);
    });
  });

  describe('editing and deleting', () => {
    it('only the author edits (403 «Нельзя изменить чужой комментарий» otherwise); an edit sets editedAt', async () => {
      const [author, stranger, admin] = [await stack.user(), await stack.user(), await stack.admin()];
      const created = await comment(author, { content: 'Черновик' });
      expect(created.editedAt).toBeNull();
      for (const intruder of [stranger, admin]) {
        const res = await stack.api.put(`/api/comments/${created.id}`, { content: 'Чужая правка' }, auth(intruder));
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Нельзя изменить чужой комментарий' });
      }
      expect((await one(created.id)).body.data).toMatchObject({ content: 'Черновик', editedAt: null });

      const res = await stack.api.put(`/api/comments/${created.id}`, { content: '  Исправлено, fuck  ' }, auth(author));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: created.id, content: 'Исправлено, ****' });
      expect(Date.parse(res.body.data.editedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
      expectFieldError(await stack.api.put(`/api/comments/${created.id}`, { content: ' ' }, auth(author)), 'content');
      expect((await stack.api.put(`/api/comments/${randomUUID()}`, { content: 'Никому' }, auth(author))).status).toBe(404);
    });

    it("the author or an admin deletes; anyone else gets 403 and nothing changes; only the admin's deletion is an admin action", async () => {
      const [author, stranger, admin] = [await stack.user(), await stack.user(), await stack.admin()];
      const mine = await comment(author, { content: 'Удалю сам' });
      const res = await stack.api.delete(`/api/comments/${mine.id}`, auth(stranger));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(COMMENT_MESSAGES.deleteForeign);
      expect((await one(mine.id)).status).toBe(200);
      expect((await stack.api.delete(`/api/comments/${mine.id}`, auth(author))).body.data).toEqual({ id: mine.id, deleted: true });
      expect((await one(mine.id)).status).toBe(404);
      expect((await stack.api.delete(`/api/comments/${mine.id}`, auth(author))).status).toBe(404);

      const other = await stack.user();
      const theirs = await comment(other, { content: 'Удалит админ' });
      expect((await stack.api.delete(`/api/comments/${theirs.id}`, auth(admin))).status).toBe(200);
      expect((await threads(DEATH_NOTE.id)).items.find((item) => item.id === theirs.id)).toBeUndefined();
      expect((await stack.api.delete(`/api/comments/${theirs.id}`, auth(admin))).status).toBe(404);

      expect(await adminActionsOn(stack, 'comment', mine.id)).toEqual([]);
      const deleted = { target: 'comment', targetId: theirs.id, action: 'deleted', actorId: admin.id, subjectUserId: other.id } as const;
      await expectAdminAction(stack, { ...deleted, before: { text: 'Удалит админ' }, after: null });
      expect(await adminActionsOn(stack, 'comment', theirs.id)).toHaveLength(1);
    });

    it('a deleted comment with replies stays as a placeholder without text; once they go, it goes too', async () => {
      const [author, replier] = [await stack.user(), await stack.user()];
      const parent = await comment(author, { animeId: NARUTO.id, content: 'Родитель' });
      const reply = await comment(replier, { animeId: NARUTO.id, content: 'Ответ', parentId: parent.id });
      await stack.api.delete(`/api/comments/${parent.id}`, auth(author));
      const find = async () => (await threads(NARUTO.id, '?limit=50')).items.find((item) => item.id === parent.id);
      const placeholder = await find();
      expect(placeholder).toMatchObject({ id: parent.id, deleted: true, content: null, spoiler: null });
      expect(placeholder?.children.map((node) => [node.id, node.content])).toEqual([[reply.id, 'Ответ']]);
      expect((await one(parent.id)).body.data).toMatchObject({ deleted: true, content: null });
      // No replies to a deleted comment.
      expectFieldError(await post(await stack.user(), { animeId: NARUTO.id, content: 'Поздно', parentId: parent.id }), 'parentId');

      const repliesOf = async (id: string) => (await stack.db.query('SELECT replies FROM community.comments WHERE id = $1', [id]))[0].replies;
      expect(await repliesOf(parent.id)).toBe(1);
      await stack.api.delete(`/api/comments/${reply.id}`, auth(replier));
      expect(await repliesOf(parent.id)).toBe(0);
      expect(await find()).toBeUndefined();
      expect((await one(parent.id)).status).toBe(404);
    });
  });

  describe('the latest feed', () => {
    it('the newest comments across titles first, each with its title; default 10, at most 50', async () => {
      const [a, b] = [await stack.user(), await stack.user()];
      const older = await comment(a, { animeId: NARUTO.id, content: 'Про Наруто' });
      const newer = await comment(b, { animeId: ATTACK_ON_TITAN.id, content: 'Про титанов' });
      const res = await stack.api.get('/api/comments/latest');
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(10);
      const ids = res.body.data.map((item: CommentItem) => item.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(res.body.data[ids.indexOf(newer.id)]).toMatchObject({ content: 'Про титанов', animeId: ATTACK_ON_TITAN.id, anime: { id: ATTACK_ON_TITAN.id } });
      expect(res.body.data[ids.indexOf(newer.id)].anime.title).toEqual(expect.any(String));
      const times = res.body.data.map((item: CommentItem) => Date.parse(item.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect(res.body.data.every((item: CommentItem) => !item.deleted)).toBe(true);
      expect((await stack.api.get('/api/comments/latest?limit=3')).body.data).toHaveLength(3);
      expectFieldError(await stack.api.get('/api/comments/latest?limit=51'), 'limit');
      expectFieldError(await stack.api.get('/api/comments/latest?limit=abc'), 'limit');
    });
  });

  describe('live', () => {
    const sockets: Socket[] = [];
    const connect = () => {
      const socket = io(`${stack.gatewayUrl}${COMMENTS_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      return socket;
    };
    const subscribe = (socket: Socket, payload: unknown) =>
      new Promise<{ ok: boolean; message?: string }>((resolve) => socket.emit('subscribe', payload, resolve));

    afterAll(() => sockets.forEach((socket) => socket.disconnect()));

    it('a viewer subscribed to a title receives new comments and replies (as a guest sees them); others do not', async () => {
      const viewer = connect();
      const elsewhere = connect();
      expect(await subscribe(viewer, { animeId: NARUTO.id })).toEqual({ ok: true });
      expect(await subscribe(elsewhere, { animeId: DEATH_NOTE.id })).toEqual({ ok: true });
      expect(await subscribe(viewer, { animeId: 'x' })).toEqual({ ok: false, message: COMMENT_MESSAGES.subscribe });
      expect(await subscribe(viewer, { animeId: NARUTO.id, extra: 1 })).toMatchObject({ ok: false });
      const strays: CommentItem[] = [];
      elsewhere.on('comment:new', (item: CommentItem) => strays.push(item));
      const received: CommentItem[] = [];
      viewer.on('comment:new', (item: CommentItem) => received.push(item));

      const [author, replier] = [await stack.user(), await stack.user()];
      const created = await comment(author, { animeId: NARUTO.id, content: 'Вживую', episode: 1, at: 0 });
      const reply = await comment(replier, { animeId: NARUTO.id, content: 'Ответ вживую', parentId: created.id });
      await waitFor(async () => received.length >= 2, 5000);
      expect(received[0]).toMatchObject({ id: created.id, animeId: NARUTO.id, content: null, spoiler: { episode: 1, at: 0, hidden: true }, likedByMe: false });
      expect(received[1]).toMatchObject({ id: reply.id, parentId: created.id, threadParentId: created.id, depth: 1, content: 'Ответ вживую' });
      expect(received[1].author).toMatchObject({ id: replier.id, username: replier.username });
      expect(strays).toEqual([]);

      // After unsubscribing nothing more arrives.
      await new Promise((resolve) => viewer.emit('unsubscribe', { animeId: NARUTO.id }, resolve));
      await comment(await stack.user(), { animeId: NARUTO.id, content: 'Уже без зрителя' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toHaveLength(2);
    });

    it('one socket follows at most 20 titles at once', async () => {
      const socket = connect();
      for (let animeId = 1; animeId <= 20; animeId += 1) expect(await subscribe(socket, { animeId })).toEqual({ ok: true });
      expect(await subscribe(socket, { animeId: 21 })).toEqual({ ok: false, message: COMMENT_MESSAGES.tooManyRooms });
      expect(await subscribe(socket, { animeId: 20 })).toEqual({ ok: true });
      await new Promise((resolve) => socket.emit('unsubscribe', { animeId: 1 }, resolve));
      expect(await subscribe(socket, { animeId: 21 })).toEqual({ ok: true });
    });
  });

  describe("authors' read model", () => {
    it('a changed display name (auth.user.updated) shows on the comments', async () => {
      const user = await stack.user();
      const created = await comment(user, { content: 'Кто я?' });
      const res = await stack.api.put('/api/auth/profile', { displayName: 'Новое Имя' }, auth(user));
      expect(res.status).toBe(200);
      const author = await waitFor(async () => {
        const current = (await one(created.id)).body.data as CommentItem;
        return current.author.displayName === 'Новое Имя' ? current.author : null;
      }, 10_000);
      expect(author).toEqual({ id: user.id, username: user.username, displayName: 'Новое Имя', avatar: null, rank: 'новичок' });
      const [ref] = await stack.db.query('SELECT display_name FROM community.user_refs WHERE id = $1', [user.id]);
      expect(ref.display_name).toBe('Новое Имя');
    });

    it('an older event delivered late changes nothing', async () => {
      const user = await stack.user();
      await comment(user, { content: 'Порядок событий' });
      await stack.api.put('/api/auth/profile', { displayName: 'Свежее' }, auth(user));
      const nameOf = async () => (await stack.db.query('SELECT display_name FROM community.user_refs WHERE id = $1', [user.id]))[0]?.display_name;
      await waitFor(async () => (await nameOf()) === 'Свежее');
      // The registration's event (display name = username) delivered once more, late, under a new id.
      const [registered] = await stack.db.query(`SELECT payload FROM auth.outbox WHERE event_name = 'auth.user.registered' AND payload->>'userId' = $1`, [
        user.id,
      ]);
      const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
      const queue = new Queue(EVENT_QUEUE_OF.community, { connection, prefix: bullPrefix(stack.env.REDIS_KEY_PREFIX as string) });
      try {
        const job = await queue.add('auth.user.registered', { ...registered.payload, eventId: randomUUID() }, { jobId: `late-${randomUUID()}` });
        const state = await waitFor(async () => {
          const current = await queue.getJobState(job.id as string);
          return current === 'completed' || current === 'failed' ? current : undefined;
        });
        expect(state).toBe('completed');
      } finally {
        await queue.close();
        connection.disconnect();
      }
      expect(await nameOf()).toBe('Свежее');
    });
  });
});
