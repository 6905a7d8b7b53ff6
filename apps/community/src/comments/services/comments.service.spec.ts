import { randomUUID } from 'node:crypto';
import {
  AMV_MESSAGES,
  COMMENT_DEPTH_MAX,
  COMMENT_EXCERPT_LENGTH,
  COMMENT_MESSAGES,
  ErrorCode,
  NEWS_MESSAGES,
  type AuthenticatedUser,
  type CommentCreateRequest,
} from '@portal/contracts';
import { transportCall } from '@portal/messaging';
import type { RpcError } from '@portal/platform';
import { commentsKit, type CommentsKit } from '../testing/comments-test-kit';

/**
 * The rules of writing comments (CommentsService), on fakes: where a comment may go, how replies
 * nest, what is stored, told and pushed, who may edit, delete and like, and the limits.
 * The SQL of these is covered by test/community/comments.spec.ts.
 */
describe('CommentsService', () => {
  let kit: CommentsKit;
  let alice: AuthenticatedUser;
  let bob: AuthenticatedUser;
  const onAnime = (id: number, content = 'Отличная серия', extra: Partial<CommentCreateRequest> = {}): CommentCreateRequest => ({
    target: { type: 'anime', id },
    content,
    ...extra,
  });

  beforeEach(() => {
    kit = commentsKit({ perSeconds: 30, daily: 5 });
    alice = kit.member('alice');
    bob = kit.member('bob');
    kit.titles.add(20, { episodes: 12 });
  });

  /** The error a call was refused with (fails when it was not). */
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as RpcError,
    );

  /** Lets the per-user window pass, so the next comment of the same user is not refused for it. */
  const afterWindow = () => kit.redis.advance(31_000);

  describe('where a comment may go', () => {
    it('refuses a title the catalogue does not know, before taking a turn or writing anything', async () => {
      await expect(kit.service.create(alice, onAnime(999))).rejects.toMatchObject({
        payload: { code: ErrorCode.NotFound, message: COMMENT_MESSAGES.animeNotFound },
      });
      expect(kit.comments.rows.size).toBe(0);
      expect(kit.redis.commands).toEqual([]);
      expect(kit.db.commits + kit.db.rollbacks).toBe(0);
    });

    it('refuses an unknown AMV and accepts a known one, with no title room to push to', async () => {
      const missing = randomUUID();
      await expect(kit.service.create(alice, { target: { type: 'amv', id: missing }, content: 'Клип' })).rejects.toMatchObject({
        payload: { code: ErrorCode.NotFound, message: AMV_MESSAGES.notFound },
      });
      const amv = kit.amv.add(randomUUID());
      const item = await kit.service.create(alice, { target: { type: 'amv', id: amv.id }, content: 'Клип' });
      expect(item).toMatchObject({ target: { type: 'amv', id: amv.id }, animeId: null });
      expect(kit.pusher.pushes).toEqual([]);
    });

    it('refuses a news item that is not published (a draft reads as missing)', async () => {
      const draft = randomUUID();
      await expect(kit.service.create(alice, { target: { type: 'news', id: draft }, content: 'Новость' })).rejects.toMatchObject({
        payload: { code: ErrorCode.NotFound, message: NEWS_MESSAGES.notFound },
      });
      kit.news.published.add(draft);
      await expect(kit.service.create(alice, { target: { type: 'news', id: draft }, content: 'Новость' })).resolves.toMatchObject({ target: { type: 'news' } });
    });

    it('takes an episode only on a title: a spoiler moment on an AMV is a validation error', async () => {
      const amv = kit.amv.add(randomUUID());
      await expect(kit.service.create(alice, { target: { type: 'amv', id: amv.id }, content: 'Клип', episode: 1 })).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'episode', message: COMMENT_MESSAGES.episodeNotOnTitle }] },
      });
    });

    it('refuses an episode past the title’s total, and takes any episode of a title whose total is unknown', async () => {
      await expect(kit.service.create(alice, onAnime(20, 'Спойлер', { episode: 13 }))).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'episode', message: COMMENT_MESSAGES.episodeBeyondTotal }] },
      });
      kit.titles.add(30, { episodes: null });
      await expect(kit.service.create(alice, onAnime(30, 'Спойлер', { episode: 500 }))).resolves.toMatchObject({ spoiler: { episode: 500 } });
    });

    it('files a comment on a Shikimori id under the catalogue id, storing the title’s copy with it', async () => {
      kit.titles.add(21, { idShiki: 5114 });
      const item = await kit.service.create(alice, onAnime(5114));
      expect(kit.comments.rows.get(item.id)).toMatchObject({ target_type: 'anime', target_id: '21' });
      expect(kit.titles.stored.has(21)).toBe(true);
      expect(kit.pusher.pushes).toEqual([expect.objectContaining({ animeId: 21, event: 'comment:new' })]);
    });
  });

  describe('replies and threads', () => {
    it('refuses a reply to a comment that is missing or deleted', async () => {
      const deleted = kit.comments.seed({ author_id: bob.id, target_id: '20', deleted_at: new Date() });
      for (const parentId of [randomUUID(), deleted.id]) {
        await expect(kit.service.create(alice, onAnime(20, 'Ответ', { parentId }))).rejects.toMatchObject({
          payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'parentId', message: COMMENT_MESSAGES.parentNotFound }] },
        });
      }
    });

    it('refuses a reply filed under another target than its parent’s', async () => {
      kit.titles.add(21);
      const parent = kit.comments.seed({ author_id: bob.id, target_id: '21' });
      await expect(kit.service.create(alice, onAnime(20, 'Ответ', { parentId: parent.id }))).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'parentId', message: COMMENT_MESSAGES.parentOtherTarget }] },
      });
    });

    it('nests a reply one level under its parent, in the parent’s thread, counts it, and tells the parent’s author', async () => {
      const root = await kit.service.create(bob, onAnime(20, 'Корень'));
      const reply = await kit.service.create(alice, onAnime(20, 'Ответ', { parentId: root.id }));
      expect(reply).toMatchObject({ parentId: root.id, threadParentId: root.id, depth: 1 });
      expect(kit.comments.rows.get(reply.id)).toMatchObject({ root_id: root.id });
      expect(kit.comments.rows.get(root.id)?.replies).toBe(1);
      expect(kit.outbox.published('community.comment.posted').at(-1)).toMatchObject({ commentId: reply.id, parentId: root.id, parentAuthorId: bob.id });
    });

    it(`keeps an answer past depth ${COMMENT_DEPTH_MAX} at that depth, beside the comment it answers`, async () => {
      let parent = await kit.service.create(bob, onAnime(20, 'Уровень 0'));
      const chain = [parent];
      for (let depth = 1; depth <= COMMENT_DEPTH_MAX; depth += 1) {
        afterWindow();
        parent = await kit.service.create(bob, onAnime(20, `Уровень ${depth}`, { parentId: parent.id }));
        chain.push(parent);
      }
      afterWindow();
      const deeper = await kit.service.create(alice, onAnime(20, 'Глубже', { parentId: parent.id }));
      expect(parent.depth).toBe(COMMENT_DEPTH_MAX);
      expect(deeper).toMatchObject({ parentId: parent.id, depth: COMMENT_DEPTH_MAX, threadParentId: chain[COMMENT_DEPTH_MAX - 1].id });
      expect(kit.comments.rows.get(deeper.id)?.root_id).toBe(chain[0].id);
    });

    it('refuses a reply whose parent was deleted after the check, and nothing of it stays (title copy, author, counter, event)', async () => {
      kit.titles.add(22);
      const parent = kit.comments.seed({ author_id: bob.id, target_id: '22' });
      // The lookup before the transaction saw the parent live; the delete committed before the count locked it.
      const stale = { ...(await kit.comments.find(parent.id))! };
      kit.comments.rows.set(parent.id, { ...parent, deleted_at: new Date() });
      jest.spyOn(kit.comments, 'find').mockResolvedValueOnce(stale);
      const stranger = { id: randomUUID(), username: 'stranger' };

      await expect(kit.service.create(stranger, onAnime(22, 'Ответ', { parentId: parent.id }))).rejects.toMatchObject({
        payload: { errors: [{ field: 'parentId', message: COMMENT_MESSAGES.parentNotFound }] },
      });
      expect(kit.db.rollbacks).toBe(1);
      expect(kit.comments.rows.size).toBe(1);
      expect(kit.titles.stored.has(22)).toBe(false);
      expect(kit.users.rows.has(stranger.id)).toBe(false);
      expect(kit.rankings.valueOf(stranger.id, 'byComments')).toBe(0);
      expect(kit.outbox.events).toEqual([]);
      // The refused reply gave its turn back: the next comment is not refused for the per-user window.
      await expect(kit.service.create(stranger, onAnime(22, 'Тогда отдельно'))).resolves.toMatchObject({ content: 'Тогда отдельно' });
    });
  });

  describe('what is stored, told and pushed', () => {
    it('masks bad words in the stored text, the answer and the notification’s excerpt, which is cut to its length', async () => {
      const long = `fuck ${'а'.repeat(COMMENT_EXCERPT_LENGTH)}`;
      const item = await kit.service.create(alice, onAnime(20, long));
      expect(item.content).toBe(`**** ${'а'.repeat(COMMENT_EXCERPT_LENGTH)}`);
      expect(kit.comments.rows.get(item.id)?.content).toBe(item.content);
      const [posted] = kit.outbox.published('community.comment.posted');
      expect(posted.excerpt).toBe(item.content!.slice(0, COMMENT_EXCERPT_LENGTH));
      expect(posted.excerpt).not.toContain('fuck');
    });

    it('stores a spoiler without a moment at second 0; its notification tells nothing and the room gets it hidden, its author sees it', async () => {
      const item = await kit.service.create(alice, onAnime(20, 'Он умрёт', { episode: 5 }));
      expect(kit.comments.rows.get(item.id)).toMatchObject({ episode: 5, at_seconds: 0 });
      expect(item).toMatchObject({ content: 'Он умрёт', spoiler: { episode: 5, at: 0, hidden: false } });
      expect(kit.outbox.published('community.comment.posted')[0].excerpt).toBe('');
      expect(kit.pusher.pushed('comment:new')).toEqual([expect.objectContaining({ id: item.id, content: null, spoiler: { episode: 5, at: 0, hidden: true } })]);
    });

    it('asks auth for the profile of an author the community does not know yet and stores it; a known author is not asked about', async () => {
      const newcomer = { id: randomUUID(), username: 'newcomer' };
      kit.accounts.profiles.set(newcomer.id, { id: newcomer.id, username: 'newcomer', displayName: 'Новичок', avatar: 'a.webp', rank: 'знаток' });
      const item = await kit.service.create(newcomer, onAnime(20));
      expect(kit.accounts.profileLookups).toEqual([newcomer.id]);
      expect(kit.users.rows.get(newcomer.id)).toMatchObject({ displayName: 'Новичок', rank: 'знаток' });
      expect(item.author).toMatchObject({ displayName: 'Новичок', avatar: 'a.webp' });

      await kit.service.create(alice, onAnime(20));
      expect(kit.accounts.profileLookups).toEqual([newcomer.id]);
    });

    it('counts the comment on the author’s rankings board, commits it with its event, nudges the relay and pushes it to the title’s room', async () => {
      const item = await kit.service.create(alice, onAnime(20));
      expect(kit.rankings.valueOf(alice.id, 'byComments')).toBe(1);
      expect(kit.outbox.events.map((event) => event.name)).toEqual(['community.comment.posted']);
      expect(kit.outbox.nudges).toBe(1);
      expect(kit.pusher.pushes).toEqual([{ animeId: 20, event: 'comment:new', payload: expect.objectContaining({ id: item.id, content: 'Отличная серия' }) }]);
    });
  });

  describe('limits', () => {
    it('refuses past the daily cap (deleted comments count too), with the seconds until the oldest is a day old', async () => {
      const hour = 3600 * 1000;
      const now = Date.now();
      kit.comments.seed({ author_id: alice.id, created_at: new Date(now - 25 * hour) }); // older than a day: not counted
      for (const hoursAgo of [23, 20, 10, 5]) kit.comments.seed({ author_id: alice.id, created_at: new Date(now - hoursAgo * hour) });
      kit.comments.seed({ author_id: alice.id, created_at: new Date(now - 2 * hour), deleted_at: new Date() });

      const { payload } = await refusal(kit.service.create(alice, onAnime(20)));
      expect(payload).toMatchObject({ code: ErrorCode.RateLimited, message: COMMENT_MESSAGES.dailyLimit });
      expect(payload.retryAfterSeconds).toBeGreaterThan(3590);
      expect(payload.retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(kit.comments.rows.size).toBe(6);
      // Another user is not held back by it.
      await expect(kit.service.create(bob, onAnime(20))).resolves.toMatchObject({ author: { id: bob.id } });
    });

    it('refuses a second comment within the per-user window, and takes it once the window has passed', async () => {
      await kit.service.create(alice, onAnime(20, 'Первый'));
      const { payload } = await refusal(kit.service.create(alice, onAnime(20, 'Второй')));
      expect(payload).toMatchObject({ code: ErrorCode.RateLimited, message: COMMENT_MESSAGES.rateLimited });
      expect(payload.retryAfterSeconds).toBeLessThanOrEqual(30);
      await expect(kit.service.create(bob, onAnime(20, 'Не его окно'))).resolves.toBeDefined();
      afterWindow();
      await expect(kit.service.create(alice, onAnime(20, 'Второй'))).resolves.toMatchObject({ content: 'Второй' });
    });

    it('a write call run again (taken over from a dead replica) does not take a second turn; another call does', async () => {
      const call = { id: randomUUID(), kind: 'write' as const, run: randomUUID() };
      await transportCall.run(call, () => kit.service.create(alice, onAnime(20)));
      await expect(transportCall.run({ ...call, run: randomUUID() }, () => kit.service.create(alice, onAnime(20)))).resolves.toBeDefined();
      await expect(transportCall.run({ ...call, id: randomUUID() }, () => kit.service.create(alice, onAnime(20)))).rejects.toMatchObject({
        payload: { code: ErrorCode.RateLimited },
      });
    });
  });

  describe('editing', () => {
    it('refuses another user’s comment and leaves its text', async () => {
      const mine = await kit.service.create(bob, onAnime(20, 'Моё'));
      await expect(kit.service.update(alice, mine.id, 'Чужое')).rejects.toMatchObject({
        payload: { code: ErrorCode.Forbidden, message: COMMENT_MESSAGES.editForeign },
      });
      expect(kit.comments.rows.get(mine.id)).toMatchObject({ content: 'Моё', edited_at: null });
    });

    it('refuses a deleted comment as missing', async () => {
      const gone = kit.comments.seed({ author_id: alice.id, target_id: '20', deleted_at: new Date() });
      await expect(kit.service.update(alice, gone.id, 'Ещё')).rejects.toMatchObject({
        payload: { code: ErrorCode.NotFound, message: COMMENT_MESSAGES.notFound },
      });
    });

    it('the author’s new text is masked and marked edited; the room gets a spoiler’s edit without its text', async () => {
      const spoiler = await kit.service.create(alice, onAnime(20, 'Спойлер', { episode: 2, at: 90 }));
      const edited = await kit.service.update(alice, spoiler.id, 'Новый fuck спойлер');
      expect(edited).toMatchObject({ content: 'Новый **** спойлер', spoiler: { hidden: false } });
      expect(edited.editedAt).not.toBeNull();
      expect(kit.pusher.pushed('comment:updated')).toEqual([expect.objectContaining({ id: spoiler.id, content: null, editedAt: edited.editedAt })]);
    });
  });

  describe('deleting', () => {
    it('the author deletes without auth being asked; the counter goes down and the room is told it is gone', async () => {
      const item = await kit.service.create(alice, onAnime(20));
      await expect(kit.service.remove(alice, item.id)).resolves.toEqual({ id: item.id, deleted: true });
      expect(kit.accounts.roleChecks).toEqual([]);
      expect(kit.comments.rows.get(item.id)?.deleted_at).not.toBeNull();
      expect(kit.rankings.valueOf(alice.id, 'byComments')).toBe(0);
      expect(kit.adminActions.actions).toEqual([]);
      expect(kit.pusher.pushed('comment:deleted')).toEqual([{ id: item.id, animeId: 20, placeholder: false }]);
    });

    it('refuses another user’s comment to a non-admin (auth asked), and keeps it', async () => {
      const item = await kit.service.create(bob, onAnime(20));
      await expect(kit.service.remove(alice, item.id)).rejects.toMatchObject({
        payload: { code: ErrorCode.Forbidden, message: COMMENT_MESSAGES.deleteForeign },
      });
      expect(kit.accounts.roleChecks).toEqual([alice.id]);
      expect(kit.comments.rows.get(item.id)?.deleted_at).toBeNull();
    });

    it('an admin deletes another’s comment: the audit action carries the text, the author’s counter goes down', async () => {
      const admin = kit.member('admin');
      kit.accounts.admins.add(admin.id);
      const item = await kit.service.create(bob, onAnime(20, 'Грубость'));
      await kit.service.remove(admin, item.id);
      expect(kit.adminActions.actions).toEqual([
        { actorId: admin.id, target: 'comment', targetId: item.id, action: 'deleted', subjectUserId: bob.id, before: { text: 'Грубость' }, after: null },
      ]);
      expect(kit.rankings.valueOf(bob.id, 'byComments')).toBe(0);
      expect(kit.rankings.valueOf(admin.id, 'byComments')).toBe(0);
    });

    it('a comment with a live reply stays as a placeholder; a deleted reply is taken off its parent’s count', async () => {
      const root = await kit.service.create(bob, onAnime(20, 'Корень'));
      const reply = await kit.service.create(alice, onAnime(20, 'Ответ', { parentId: root.id }));
      await kit.service.remove(bob, root.id);
      expect(kit.pusher.pushed('comment:deleted')).toEqual([{ id: root.id, animeId: 20, placeholder: true }]);
      await kit.service.remove(alice, reply.id);
      expect(kit.comments.rows.get(root.id)?.replies).toBe(0);
      expect(kit.pusher.pushed('comment:deleted')[1]).toEqual({ id: reply.id, animeId: 20, placeholder: false });
    });

    it('a comment deleted already is not found', async () => {
      const item = await kit.service.create(alice, onAnime(20));
      await kit.service.remove(alice, item.id);
      await expect(kit.service.remove(alice, item.id)).rejects.toMatchObject({ payload: { code: ErrorCode.NotFound, message: COMMENT_MESSAGES.notFound } });
      expect(kit.rankings.valueOf(alice.id, 'byComments')).toBe(0);
    });
  });

  describe('likes', () => {
    it('refuses a like of one’s own comment', async () => {
      const item = await kit.service.create(alice, onAnime(20));
      await expect(kit.service.like(alice, item.id)).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'id', message: COMMENT_MESSAGES.likeOwn }] },
      });
    });

    it('counts one like per user: liking again changes nothing, tells the author once, pushes the count once', async () => {
      const item = await kit.service.create(alice, onAnime(20));
      await expect(kit.service.like(bob, item.id)).resolves.toEqual({ id: item.id, likes: 1, likedByMe: true });
      await expect(kit.service.like(bob, item.id)).resolves.toEqual({ id: item.id, likes: 1, likedByMe: true });
      expect(kit.outbox.published('community.comment.liked')).toEqual([expect.objectContaining({ commentId: item.id, authorId: alice.id, likerId: bob.id })]);
      expect(kit.likesPusher.changes).toEqual([{ animeId: 20, id: item.id }]);
    });

    it('an unlike takes the like back; an unlike with no like changes nothing and pushes nothing', async () => {
      const item = await kit.service.create(alice, onAnime(20));
      await kit.service.like(bob, item.id);
      await expect(kit.service.unlike(bob, item.id)).resolves.toEqual({ id: item.id, likes: 0, likedByMe: false });
      await expect(kit.service.unlike(bob, item.id)).resolves.toEqual({ id: item.id, likes: 0, likedByMe: false });
      expect(kit.likesPusher.changes).toHaveLength(2);
      expect(kit.comments.likes.size).toBe(0);
    });

    it('a deleted comment cannot be liked', async () => {
      const gone = kit.comments.seed({ author_id: alice.id, target_id: '20', deleted_at: new Date() });
      await expect(kit.service.like(bob, gone.id)).rejects.toMatchObject({ payload: { code: ErrorCode.NotFound, message: COMMENT_MESSAGES.notFound } });
      await expect(kit.service.unlike(bob, gone.id)).rejects.toMatchObject({ payload: { code: ErrorCode.NotFound } });
    });
  });
});
