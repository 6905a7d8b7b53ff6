import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { CommentTargetType, TitleRef } from '@portal/contracts';
import type { FakeDatabase } from '@portal/testing';
import type { UserRef } from '../../accounts/user-refs.repository';
import type { EntryRow } from '../../library/list-entries.repository';
import { toRefRow } from '../../testing/fake-anime-refs';
import { TABLES } from '../../testing/tables';
import type { CommentRow, CommentsRepository, LatestCommentRow, NewComment, WatchedRow } from '../comments.repository';

/** A comment as its table holds it: the row without its author's columns (joined from the user refs on read). */
export type StoredComment = Omit<CommentRow, 'created_key' | 'username' | 'display_name' | 'avatar' | 'rank'>;

/** One saved watching position (`community.progress`). */
export interface ProgressRow {
  user_id: string;
  anime_id: number;
  episode: number;
  position: number;
}

type Cursor = { micros: string; id: string } | null;

const DAY_MS = 24 * 3600 * 1000;
const microsOf = (date: Date) => BigInt(date.getTime()) * 1000n;

/** Newest first by (created_at, id), as `ORDER BY c.created_at DESC, c.id DESC`. */
const newestFirst = (a: StoredComment, b: StoredComment) => -compareKey(a, b);
const oldestFirst = (a: StoredComment, b: StoredComment) => compareKey(a, b);
function compareKey(a: StoredComment, b: StoredComment): number {
  const difference = microsOf(a.created_at) - microsOf(b.created_at);
  if (difference !== 0n) return difference < 0n ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
/** `(c.created_at, c.id) < (cursor time, cursor id)`. */
const before = (row: StoredComment, after: Cursor) =>
  !after || microsOf(row.created_at) < BigInt(after.micros) || (microsOf(row.created_at) === BigInt(after.micros) && row.id < after.id);

/**
 * CommentsRepository on the fake database: comments, likes, the authors' refs they join, and the
 * viewer's progress and list entries `watched` reads. Writes check they run in the open transaction;
 * every read answers what the SQL would (deleted rows, the join with the author, order and cursor).
 */
export class FakeCommentsRepository implements Pick<
  CommentsRepository,
  | 'transaction'
  | 'find'
  | 'lockLive'
  | 'countReply'
  | 'insert'
  | 'updateContent'
  | 'markDeleted'
  | 'liveShownUnder'
  | 'like'
  | 'unlike'
  | 'likesNow'
  | 'threads'
  | 'repliesOf'
  | 'latest'
  | 'ofAuthor'
  | 'liveCountOf'
  | 'likedBy'
  | 'watched'
  | 'recentBy'
> {
  readonly rows: Map<string, StoredComment>;
  /** `${commentId}:${userId}` of every like. */
  readonly likes: Map<string, { comment_id: string; user_id: string }>;
  private readonly users: Map<string, UserRef>;
  private readonly titles: Map<number, TitleRef>;
  private readonly entries: Map<string, EntryRow>;
  private readonly progress: Map<string, ProgressRow>;

  constructor(private readonly db: FakeDatabase) {
    this.rows = db.table(TABLES.comments);
    this.likes = db.table(TABLES.commentLikes);
    this.users = db.table(TABLES.userRefs);
    this.titles = db.table(TABLES.animeRefs);
    this.entries = db.table(TABLES.listEntries);
    this.progress = db.table(TABLES.progress);
  }

  /**
   * A comment stored directly (the author's ref must exist for reads to see it, as the SQL joins it):
   * a top-level live comment on anime 1 unless the fields say otherwise. Returns the stored row.
   */
  seed(fields: Partial<StoredComment> & { author_id: string }): StoredComment {
    const id = fields.id ?? randomUUID();
    const row: StoredComment = {
      id,
      target_type: 'anime',
      target_id: '1',
      parent_id: null,
      thread_parent_id: null,
      root_id: id,
      depth: 0,
      content: 'Текст',
      episode: null,
      at_seconds: null,
      ...this.fresh(),
      ...fields,
    };
    this.rows.set(id, row);
    return row;
  }

  /** What a new comment starts with: no likes or replies, written now, not edited, deleted or held. */
  private fresh() {
    return { likes: 0, replies: 0, created_at: this.db.now(), edited_at: null, deleted_at: null, held: false };
  }

  /** A saved watching position of a viewer. */
  seedProgress(userId: string, animeId: number, episode: number, position: number): void {
    this.progress.set(`${userId}:${animeId}:${episode}`, { user_id: userId, anime_id: animeId, episode, position });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  find(id: string): Promise<CommentRow | null> {
    return Promise.resolve(this.read(this.rows.get(id)));
  }

  lockLive(_manager: EntityManager, id: string): Promise<CommentRow | null> {
    const row = this.rows.get(id);
    return Promise.resolve(row && row.deleted_at === null ? this.read(row) : null);
  }

  countReply(manager: EntityManager, parentId: string): Promise<{ author_id: string } | null> {
    this.db.written(manager, `the reply count of ${parentId}`);
    const parent = this.rows.get(parentId);
    if (!parent || parent.deleted_at !== null) return Promise.resolve(null);
    this.rows.set(parentId, { ...parent, replies: parent.replies + 1 });
    return Promise.resolve({ author_id: parent.author_id });
  }

  insert(manager: EntityManager, comment: NewComment): Promise<CommentRow> {
    this.db.written(manager, `the comment ${comment.id}`);
    if (this.rows.has(comment.id)) throw new Error(`duplicate key: comment ${comment.id}`);
    this.rows.set(comment.id, {
      id: comment.id,
      target_type: comment.targetType,
      target_id: comment.targetId,
      parent_id: comment.parentId,
      thread_parent_id: comment.threadParentId,
      root_id: comment.rootId,
      depth: comment.depth,
      author_id: comment.authorId,
      content: comment.content,
      episode: comment.episode,
      at_seconds: comment.at,
      ...this.fresh(),
    });
    return Promise.resolve(this.read(this.rows.get(comment.id)) as CommentRow);
  }

  updateContent(manager: EntityManager, id: string, content: string): Promise<CommentRow> {
    this.db.written(manager, `the content of ${id}`);
    const row = this.rows.get(id) as StoredComment;
    this.rows.set(id, { ...row, content, edited_at: this.db.now() });
    return Promise.resolve(this.read(this.rows.get(id)) as CommentRow);
  }

  markDeleted(manager: EntityManager, id: string): Promise<boolean> {
    this.db.written(manager, `the deletion of ${id}`);
    const row = this.rows.get(id);
    if (!row || row.deleted_at !== null) return Promise.resolve(false);
    this.rows.set(id, { ...row, deleted_at: this.db.now() });
    const parent = row.parent_id ? this.rows.get(row.parent_id) : undefined;
    if (parent) this.rows.set(parent.id, { ...parent, replies: Math.max(parent.replies - 1, 0) });
    return Promise.resolve(true);
  }

  liveShownUnder(_manager: EntityManager, id: string, rootId: string): Promise<boolean> {
    const thread = [...this.rows.values()].filter((row) => row.root_id === rootId && row.parent_id !== null);
    const below: StoredComment[] = [];
    let level = thread.filter((row) => row.thread_parent_id === id);
    while (level.length > 0) {
      below.push(...level);
      const ids = new Set(level.map((row) => row.id));
      level = thread.filter((row) => row.thread_parent_id !== null && ids.has(row.thread_parent_id));
    }
    return Promise.resolve(below.some((row) => row.deleted_at === null));
  }

  like(manager: EntityManager, id: string, userId: string): Promise<{ added: boolean; likes: number }> {
    this.db.written(manager, `a like of ${id}`);
    const key = `${id}:${userId}`;
    const row = this.rows.get(id);
    if (this.likes.has(key) || !row) return Promise.resolve({ added: false, likes: row?.likes ?? 0 });
    this.likes.set(key, { comment_id: id, user_id: userId });
    this.rows.set(id, { ...row, likes: row.likes + 1 });
    return Promise.resolve({ added: true, likes: row.likes + 1 });
  }

  unlike(manager: EntityManager, id: string, userId: string): Promise<{ removed: boolean; likes: number }> {
    this.db.written(manager, `an unlike of ${id}`);
    const key = `${id}:${userId}`;
    const row = this.rows.get(id);
    if (!this.likes.delete(key) || !row) return Promise.resolve({ removed: false, likes: row?.likes ?? 0 });
    const likes = Math.max(row.likes - 1, 0);
    this.rows.set(id, { ...row, likes });
    return Promise.resolve({ removed: true, likes });
  }

  likesNow(id: string): Promise<number | null> {
    return Promise.resolve(this.rows.get(id)?.likes ?? null);
  }

  threads(targetType: CommentTargetType, targetId: string, after: Cursor, limit: number): Promise<CommentRow[]> {
    const all = [...this.rows.values()];
    const liveReplyIn = (rootId: string) => all.some((reply) => reply.root_id === rootId && reply.parent_id !== null && reply.deleted_at === null);
    const roots = all
      .filter((row) => row.target_type === targetType && row.target_id === targetId && row.parent_id === null)
      .filter((row) => before(row, after) && (row.deleted_at === null || liveReplyIn(row.id)))
      .sort(newestFirst);
    return Promise.resolve(this.readAll(roots).slice(0, limit));
  }

  repliesOf(rootIds: string[], perThread: number, since?: Date): Promise<CommentRow[]> {
    const all = [...this.rows.values()].sort(oldestFirst);
    return Promise.resolve(
      rootIds.flatMap((rootId) =>
        this.readAll(all.filter((row) => row.root_id === rootId && row.parent_id !== null && (!since || row.created_at >= since))).slice(0, perThread),
      ),
    );
  }

  latest(limit: number): Promise<LatestCommentRow[]> {
    const live = [...this.rows.values()].filter((row) => row.deleted_at === null).sort(newestFirst);
    return Promise.resolve(this.withAnime(this.readAll(live)).slice(0, limit));
  }

  ofAuthor(authorId: string, after: Cursor, limit: number): Promise<LatestCommentRow[]> {
    const rows = [...this.rows.values()].filter((row) => row.author_id === authorId && row.deleted_at === null && before(row, after)).sort(newestFirst);
    return Promise.resolve(this.withAnime(this.readAll(rows)).slice(0, limit));
  }

  liveCountOf(authorId: string): Promise<number> {
    return Promise.resolve([...this.rows.values()].filter((row) => row.author_id === authorId && row.deleted_at === null).length);
  }

  likedBy(userId: string, ids: string[]): Promise<Set<string>> {
    return Promise.resolve(new Set(ids.filter((id) => this.likes.has(`${id}:${userId}`))));
  }

  watched(userId: string, animeIds: number[]): Promise<WatchedRow[]> {
    return Promise.resolve(
      animeIds.map((animeId): WatchedRow => {
        const furthest = [...this.progress.values()]
          .filter((row) => row.user_id === userId && row.anime_id === animeId)
          .sort((a, b) => b.episode - a.episode || b.position - a.position)[0];
        const entry = this.entries.get(`${userId}:${animeId}`);
        return {
          anime_id: animeId,
          episode: furthest?.episode ?? null,
          position: furthest?.position ?? null,
          list_progress: entry?.progress ?? null,
          seen_all: entry ? entry.status === 'completed' || entry.status === 'rewatching' || entry.rewatches > 0 : false,
        };
      }),
    );
  }

  recentBy(userId: string, limit: number): Promise<Date[]> {
    const since = this.db.now().getTime() - DAY_MS;
    return Promise.resolve(
      [...this.rows.values()]
        .filter((row) => row.author_id === userId && row.created_at.getTime() > since)
        .sort(newestFirst)
        .slice(0, limit)
        .map((row) => row.created_at),
    );
  }

  /** The row as the SQL selects it: joined with its author's ref (no ref, no row). */
  private read(row: StoredComment | undefined): CommentRow | null {
    const author = row && this.users.get(row.author_id);
    if (!row || !author) return null;
    return {
      ...row,
      created_key: microsOf(row.created_at).toString(),
      username: author.username,
      display_name: author.displayName,
      avatar: author.avatar,
      rank: author.rank,
    };
  }

  private readAll(rows: StoredComment[]): CommentRow[] {
    return rows.flatMap((row) => this.read(row) ?? []);
  }

  private withAnime(rows: CommentRow[]): LatestCommentRow[] {
    return rows.map((row) => {
      const title = row.target_type === 'anime' ? this.titles.get(Number(row.target_id)) : undefined;
      return { ...row, anime: title ? toRefRow(title) : null };
    });
  }
}
