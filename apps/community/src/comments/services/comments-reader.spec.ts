import { randomUUID } from 'node:crypto';
import { COMMENT_MESSAGES, COMMENT_THREAD_REPLIES_SHOWN, ErrorCode, NEWS_MESSAGES, type AuthenticatedUser, type CommentListRequest } from '@portal/contracts';
import type { EntryRow } from '../../library/list-entries.repository';
import { TABLES } from '../../testing/tables';
import { commentsKit, type CommentsKit } from '../testing/comments-test-kit';

/**
 * What each viewer is shown of comments (CommentsReader), on fakes: spoilers revealed by authorship,
 * by asking, by progress, by the list or by the admin role (auth asked only when needed); comments
 * held by moderation; deleted ones kept as placeholders only above live replies; paging.
 */
describe('CommentsReader', () => {
  let kit: CommentsKit;
  let author: AuthenticatedUser;
  let viewer: AuthenticatedUser;
  const page = (limit = 20, extra: Partial<CommentListRequest> = {}): CommentListRequest => ({ target: { type: 'anime', id: 20 }, limit, ...extra });
  /** A spoiler of episode 5 at 1:40 on title 20. */
  const spoiler = () => kit.comments.seed({ author_id: author.id, target_id: '20', content: 'Он умрёт', episode: 5, at_seconds: 100 });
  const contentFor = async (who: AuthenticatedUser | undefined, id: string, reveal?: string) => (await kit.reader.one(who, id, reveal)).content;

  beforeEach(() => {
    kit = commentsKit();
    author = kit.member('author');
    viewer = kit.member('viewer');
    kit.titles.add(20, { episodes: 12 });
  });

  it('answers 404 for a title the catalogue does not know and for a news item not published', async () => {
    await expect(kit.reader.threads(viewer, page(20, { target: { type: 'anime', id: 404 } }))).rejects.toMatchObject({
      payload: { code: ErrorCode.NotFound, message: COMMENT_MESSAGES.animeNotFound },
    });
    await expect(kit.reader.threads(viewer, page(20, { target: { type: 'news', id: randomUUID() } }))).rejects.toMatchObject({
      payload: { code: ErrorCode.NotFound, message: NEWS_MESSAGES.notFound },
    });
  });

  it('hides a spoiler from a guest and from a viewer who has not watched it, and shows it to its author', async () => {
    const row = spoiler();
    const [thread] = (await kit.reader.threads(undefined, page())).items;
    expect(thread).toMatchObject({ id: row.id, content: null, spoiler: { episode: 5, at: 100, hidden: true } });
    expect(await contentFor(viewer, row.id)).toBeNull();
    expect(await contentFor(author, row.id)).toBe('Он умрёт');
  });

  it('reveals the one spoiler a viewer asked for, not its neighbours', async () => {
    const asked = spoiler();
    const other = spoiler();
    const { items } = await kit.reader.threads(viewer, page(20, { reveal: asked.id }));
    expect(items.map((item) => [item.id, item.content])).toEqual([
      [other.id, null],
      [asked.id, 'Он умрёт'],
    ]);
  });

  it('reveals a spoiler once the viewer’s saved progress has passed its moment, not a second before', async () => {
    const row = spoiler();
    kit.comments.seedProgress(viewer.id, 20, 5, 99);
    expect(await contentFor(viewer, row.id)).toBeNull();
    kit.comments.seedProgress(viewer.id, 20, 5, 100);
    expect(await contentFor(viewer, row.id)).toBe('Он умрёт');
  });

  it('reveals a spoiler by the list: progress at its episode, or the title completed', async () => {
    const row = spoiler();
    const entries = kit.db.table<string, EntryRow>(TABLES.listEntries);
    const entry = (user: AuthenticatedUser, fields: Pick<EntryRow, 'status' | 'progress'>): EntryRow => ({
      user_id: user.id,
      anime_id: 20,
      user_rating: null,
      watched_episodes: [],
      rewatches: 0,
      updated_at: new Date(),
      ...fields,
    });
    entries.set(`${viewer.id}:20`, entry(viewer, { status: 'watching', progress: 4 }));
    expect(await contentFor(viewer, row.id)).toBeNull();
    entries.set(`${viewer.id}:20`, entry(viewer, { status: 'watching', progress: 5 }));
    expect(await contentFor(viewer, row.id)).toBe('Он умрёт');
    const other = kit.member('finisher');
    entries.set(`${other.id}:20`, entry(other, { status: 'completed', progress: 0 }));
    expect(await contentFor(other, row.id)).toBe('Он умрёт');
  });

  it('shows every spoiler to an admin; auth is asked only when something is still hidden, and a failing auth hides', async () => {
    const row = spoiler();
    const admin = kit.member('admin');
    kit.accounts.admins.add(admin.id);
    expect(await contentFor(admin, row.id)).toBe('Он умрёт');
    expect(kit.accounts.roleChecks).toEqual([admin.id]);

    kit.comments.seedProgress(viewer.id, 20, 6, 0);
    expect(await contentFor(viewer, row.id)).toBe('Он умрёт');
    expect(kit.accounts.roleChecks).toEqual([admin.id]); // nothing left hidden: auth not asked

    kit.accounts.down = true;
    expect(await contentFor(admin, row.id)).toBeNull();
  });

  it('withholds a comment held by moderation from others, and shows it to its author and to an admin', async () => {
    const held = kit.comments.seed({ author_id: author.id, target_id: '20', content: 'Под вопросом', held: true });
    const admin = kit.member('admin');
    kit.accounts.admins.add(admin.id);
    expect(await kit.reader.one(viewer, held.id, undefined)).toMatchObject({ content: null, held: true });
    expect(await contentFor(undefined, held.id)).toBeNull();
    expect(await contentFor(author, held.id)).toBe('Под вопросом');
    expect(await contentFor(admin, held.id)).toBe('Под вопросом');
  });

  it('keeps a deleted thread as «Комментарий удалён» while a live reply is under it, and drops it after', async () => {
    const root = kit.comments.seed({ author_id: author.id, target_id: '20', deleted_at: new Date() });
    const reply = kit.comments.seed({ author_id: viewer.id, target_id: '20', parent_id: root.id, thread_parent_id: root.id, root_id: root.id, depth: 1 });
    const lonely = kit.comments.seed({ author_id: author.id, target_id: '20', deleted_at: new Date() });

    const { items } = await kit.reader.threads(viewer, page());
    expect(items).toEqual([expect.objectContaining({ id: root.id, deleted: true, content: null, children: [expect.objectContaining({ id: reply.id })] })]);
    await expect(kit.reader.one(viewer, lonely.id, undefined)).rejects.toMatchObject({
      payload: { code: ErrorCode.NotFound, message: COMMENT_MESSAGES.notFound },
    });

    kit.comments.rows.set(reply.id, { ...reply, deleted_at: new Date() });
    expect((await kit.reader.threads(viewer, page())).items).toEqual([]);
  });

  it('marks what this viewer likes, and no one else’s', async () => {
    const row = kit.comments.seed({ author_id: author.id, target_id: '20' });
    kit.comments.likes.set(`${row.id}:${viewer.id}`, { comment_id: row.id, user_id: viewer.id });
    expect((await kit.reader.one(viewer, row.id, undefined)).likedByMe).toBe(true);
    expect((await kit.reader.one(author, row.id, undefined)).likedByMe).toBe(false);
    expect((await kit.reader.one(undefined, row.id, undefined)).likedByMe).toBe(false);
  });

  it('pages threads newest first with a cursor, no thread twice, and says when a thread has more replies than shown', async () => {
    const threads = [1, 2, 3].map((n) => kit.comments.seed({ author_id: author.id, target_id: '20', content: `Тред ${n}` }));
    const busy = threads[2];
    for (let n = 0; n <= COMMENT_THREAD_REPLIES_SHOWN; n += 1) {
      kit.comments.seed({ author_id: viewer.id, target_id: '20', parent_id: busy.id, thread_parent_id: busy.id, root_id: busy.id, depth: 1 });
    }
    const first = await kit.reader.threads(viewer, page(2));
    expect(first.items.map((item) => item.id)).toEqual([busy.id, threads[1].id]);
    expect(first.items[0]).toMatchObject({ moreReplies: true });
    expect(first.items[0].children).toHaveLength(COMMENT_THREAD_REPLIES_SHOWN);
    expect(first.items[1]).toMatchObject({ moreReplies: false });

    const second = await kit.reader.threads(viewer, page(2, { cursor: first.nextCursor! }));
    expect(second.items.map((item) => item.id)).toEqual([threads[0].id]);
    expect(second.nextCursor).toBeNull();
  });
});
