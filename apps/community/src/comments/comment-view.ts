import type { AnimeRef, CommentItem, CommentNode, LatestComment } from '@portal/contracts';
import { COMMENT_EXCERPT_LENGTH } from '@portal/contracts';
import type { AnimeRefRow } from '../anime-refs/anime-refs.repository';
import type { CommentRow, WatchedRow } from './comments.repository';
import { toStoredRef } from '../anime-refs/anime-refs.repository';
import { animeRefOf } from '../library/entry.mapper';

/** auth's rank of a new account, shown until an event tells the community another one. */
export const DEFAULT_RANK = 'новичок';

/** What one viewer may see of a set of comments. */
export interface CommentsView {
  /** Spoilers whose content this viewer gets. */
  revealed: ReadonlySet<string>;
  likedByMe: ReadonlySet<string>;
  /** Held comments this viewer still reads (their own; all for an admin). */
  heldShown?: ReadonlySet<string>;
}

/** The guest's view: every spoiler hidden, nothing liked. */
export const GUEST_VIEW: CommentsView = { revealed: new Set(), likedByMe: new Set() };

export const isSpoiler = (row: CommentRow) => row.episode !== null && row.at_seconds !== null;

/** The item as a viewer sees it: no text for a deleted comment, nor for a spoiler the viewer may not see. */
export function toCommentItem(row: CommentRow, view: CommentsView): CommentItem {
  const deleted = row.deleted_at !== null;
  const spoiler = isSpoiler(row) && !deleted ? { episode: row.episode as number, at: row.at_seconds as number, hidden: !view.revealed.has(row.id) } : null;
  const withheld = row.held && !view.heldShown?.has(row.id);
  return {
    id: row.id,
    target: { type: row.target_type, id: row.target_id },
    animeId: row.target_type === 'anime' ? Number(row.target_id) : null,
    parentId: row.parent_id,
    threadParentId: row.thread_parent_id,
    depth: row.depth,
    author: { id: row.author_id, username: row.username, displayName: row.display_name, avatar: row.avatar, rank: row.rank ?? DEFAULT_RANK },
    content: deleted || spoiler?.hidden || withheld ? null : row.content,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    likes: row.likes,
    likedByMe: view.likedByMe.has(row.id),
    replies: row.replies,
    deleted,
    spoiler,
    held: row.held && !deleted,
  };
}

export function toLatestComment(row: CommentRow & { anime: AnimeRefRow | null }, view: CommentsView): LatestComment {
  const anime: AnimeRef | null = row.anime && animeRefOf(toStoredRef(row.anime));
  return { ...toCommentItem(row, view), anime };
}

/**
 * The display tree under `rootId` from the rows of a thread: children under `thread_parent_id` in
 * time order; a deleted comment stays only while something live is shown under it. Null when the
 * root itself is deleted with nothing live under it.
 */
export function buildTree(rootId: string, rows: CommentRow[], view: CommentsView): CommentNode | null {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const childrenOf = new Map<string, CommentRow[]>();
  for (const row of [...rows].sort(byTime)) {
    if (!row.thread_parent_id || row.id === rootId) continue;
    const siblings = childrenOf.get(row.thread_parent_id);
    if (siblings) siblings.push(row);
    else childrenOf.set(row.thread_parent_id, [row]);
  }
  const build = (row: CommentRow, seen: Set<string>): CommentNode | null => {
    if (seen.has(row.id)) return null;
    seen.add(row.id);
    const children = (childrenOf.get(row.id) ?? []).flatMap((child) => build(child, seen) ?? []);
    if (row.deleted_at !== null && children.length === 0) return null;
    return { ...toCommentItem(row, view), children };
  };
  const root = byId.get(rootId);
  return root ? build(root, new Set()) : null;
}

/** Oldest first, as the database orders them (microseconds, then id). */
function byTime(a: CommentRow, b: CommentRow): number {
  const difference = BigInt(a.created_key) - BigInt(b.created_key);
  if (difference !== 0n) return difference < 0n ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The cursor after a thread: its creation time in microseconds and its id. */
export const cursorOf = (row: CommentRow) => `${row.created_key}_${row.id}`;

export function parseCursor(cursor: string | undefined): { micros: string; id: string } | null {
  if (!cursor) return null;
  const [micros, id] = cursor.split('_');
  return { micros, id };
}

/** The first characters of a comment for a notification; a spoiler tells nothing. */
export const excerptOf = (content: string, spoiler: boolean) => (spoiler ? '' : Array.from(content).slice(0, COMMENT_EXCERPT_LENGTH).join(''));

/** Whether a viewer's watching of a title has reached a moment of an episode. */
export function hasWatched(watched: WatchedRow | undefined, episode: number, at: number): boolean {
  if (!watched) return false;
  if (watched.seen_all) return true;
  // The list's progress counts whole episodes watched.
  if (watched.list_progress !== null && watched.list_progress >= episode) return true;
  if (watched.episode === null || watched.position === null) return false;
  return watched.episode > episode || (watched.episode === episode && watched.position >= at);
}
