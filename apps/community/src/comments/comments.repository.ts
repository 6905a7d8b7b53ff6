import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { COMMENT_TARGET_TYPES, type CommentTargetType } from '@portal/contracts';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';
import { AnimeRefRow } from '../anime-refs/anime-refs.repository';

/** A comment with its author's public slice, as every read selects it (COLUMNS). */
export const CommentRow = z.object({
  id: z.string(),
  target_type: z.enum(COMMENT_TARGET_TYPES),
  target_id: z.string(),
  parent_id: z.string().nullable(),
  thread_parent_id: z.string().nullable(),
  root_id: z.string(),
  depth: z.number().int(),
  author_id: z.string(),
  content: z.string(),
  episode: z.number().int().nullable(),
  at_seconds: z.number().int().nullable(),
  likes: z.number().int(),
  replies: z.number().int(),
  created_at: z.date(),
  edited_at: z.date().nullable(),
  deleted_at: z.date().nullable(),
  /** On hold by moderation: the text goes only to its author and admins. */
  held: z.boolean(),
  /** created_at in microseconds since the epoch, as text: the exact half of a cursor. */
  created_key: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  rank: z.string().nullable(),
});
export type CommentRow = z.output<typeof CommentRow>;

/** A comment with the title it is about (null for other targets), as `WITH_ANIME` adds it. */
export const LatestCommentRow = CommentRow.extend({ anime: AnimeRefRow.nullable() });
export type LatestCommentRow = z.output<typeof LatestCommentRow>;

/** Where a viewer's watching of a title has got to: the furthest saved point, and what the list says. */
const WatchedRow = z.object({
  anime_id: z.number().int(),
  episode: z.number().int().nullable(),
  position: z.number().nullable(),
  list_progress: z.number().int().nullable(),
  /** Completed, rewatching, or rewatched: the whole title has been seen. */
  seen_all: z.boolean(),
});
export type WatchedRow = z.output<typeof WatchedRow>;

const Likes = z.object({ likes: z.number().int() });
const Inserted = z.object({ inserted: z.literal(1) });

export interface NewComment {
  id: string;
  targetType: CommentTargetType;
  targetId: string;
  parentId: string | null;
  threadParentId: string | null;
  rootId: string;
  depth: number;
  authorId: string;
  content: string;
  episode: number | null;
  at: number | null;
}

const COLUMNS = `c.id, c.target_type, c.target_id, c.parent_id, c.thread_parent_id, c.root_id, c.depth, c.author_id, c.content, c.held,
  c.episode, c.at_seconds, c.likes, c.replies, c.created_at, c.edited_at, c.deleted_at,
  (extract(epoch FROM c.created_at) * 1000000)::bigint::text AS created_key,
  u.username, u.display_name, u.avatar, u.rank`;
const FROM = `community.comments c JOIN community.user_refs u ON u.id = c.author_id`;
/** The title a comment is about (null for other targets), as `anime`. */
const WITH_ANIME = `(SELECT row_to_json(a) FROM community.anime_refs a WHERE a.id = CASE WHEN c.target_type = 'anime' THEN c.target_id::int END) AS anime`;

/** The timestamp of a cursor's microseconds, exactly: whole seconds, then the microseconds left. */
const CURSOR_TIME = `(to_timestamp($3::bigint) + $4::int * interval '1 microsecond')`;

@Injectable()
export class CommentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<CommentRow | null> {
    return selectRow(manager, CommentRow, `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1`, [id]);
  }

  /** Locks a live comment until the transaction ends; null when there is none (or it is deleted). */
  async lockLive(manager: EntityManager, id: string): Promise<CommentRow | null> {
    return selectRow(manager, CommentRow, `SELECT ${COLUMNS} FROM ${FROM} WHERE c.id = $1 AND c.deleted_at IS NULL FOR UPDATE OF c`, [id]);
  }

  /**
   * Counts a new answer on its parent, which it also locks: null when the parent is gone or deleted
   * (a delete that committed first wins), so a reply never lands under a comment deleted meanwhile.
   */
  async countReply(manager: EntityManager, parentId: string): Promise<{ author_id: string } | null> {
    return selectRow(
      manager,
      z.object({ author_id: z.string() }),
      returning(`UPDATE community.comments SET replies = replies + 1 WHERE id = $1 AND deleted_at IS NULL RETURNING author_id`),
      [parentId],
    );
  }

  async insert(manager: EntityManager, comment: NewComment): Promise<CommentRow> {
    await execute(
      manager,
      `INSERT INTO community.comments (id, target_type, target_id, parent_id, thread_parent_id, root_id, depth, author_id, content, episode, at_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        comment.id,
        comment.targetType,
        comment.targetId,
        comment.parentId,
        comment.threadParentId,
        comment.rootId,
        comment.depth,
        comment.authorId,
        comment.content,
        comment.episode,
        comment.at,
      ],
    );
    return existingRow(await this.find(comment.id, manager), `comment ${comment.id}`);
  }

  async updateContent(manager: EntityManager, id: string, content: string): Promise<CommentRow> {
    await execute(manager, `UPDATE community.comments SET content = $2, edited_at = now() WHERE id = $1`, [id, content]);
    return existingRow(await this.find(id, manager), `comment ${id}`);
  }

  /** Marks a comment deleted and takes it off its parent's answers; false when it was deleted already. */
  async markDeleted(manager: EntityManager, id: string): Promise<boolean> {
    const deleted = await selectRow(
      manager,
      z.object({ parent_id: z.string().nullable() }),
      returning(`UPDATE community.comments SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING parent_id`),
      [id],
    );
    if (!deleted) return false;
    if (deleted.parent_id) {
      await execute(manager, `UPDATE community.comments SET replies = greatest(replies - 1, 0) WHERE id = $1`, [deleted.parent_id]);
    }
    return true;
  }

  /**
   * Whether anything live is shown under a comment, at any depth (by `thread_parent_id`, within its
   * thread): a deleted comment stays as «Комментарий удалён» exactly then, as the list builds it.
   */
  async liveShownUnder(manager: EntityManager, id: string, rootId: string): Promise<boolean> {
    const row = await selectRow(
      manager,
      z.object({ live: z.boolean() }),
      `WITH RECURSIVE thread AS (
         SELECT id, thread_parent_id, deleted_at FROM community.comments WHERE root_id = $2 AND parent_id IS NOT NULL
       ), below AS (
         SELECT id, deleted_at FROM thread WHERE thread_parent_id = $1
         UNION ALL
         SELECT t.id, t.deleted_at FROM thread t JOIN below b ON t.thread_parent_id = b.id
       )
       SELECT EXISTS (SELECT 1 FROM below WHERE deleted_at IS NULL) AS live`,
      [id, rootId],
    );
    return row?.live === true;
  }

  /** One like per user: answers the comment's count after it, and whether this call added the like. */
  async like(manager: EntityManager, id: string, userId: string): Promise<{ added: boolean; likes: number }> {
    const inserted = await selectRows(
      manager,
      Inserted,
      `INSERT INTO community.comment_likes (comment_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1 AS inserted`,
      [id, userId],
    );
    if (inserted.length === 0) return { added: false, likes: await this.likesOf(manager, id) };
    const row = await selectRow(manager, Likes, returning(`UPDATE community.comments SET likes = likes + 1 WHERE id = $1 RETURNING likes`), [id]);
    return { added: true, likes: row?.likes ?? 0 };
  }

  async unlike(manager: EntityManager, id: string, userId: string): Promise<{ removed: boolean; likes: number }> {
    const deleted = await selectRows(
      manager,
      Inserted,
      returning(`DELETE FROM community.comment_likes WHERE comment_id = $1 AND user_id = $2 RETURNING 1 AS inserted`),
      [id, userId],
    );
    if (deleted.length === 0) return { removed: false, likes: await this.likesOf(manager, id) };
    const row = await selectRow(manager, Likes, returning(`UPDATE community.comments SET likes = greatest(likes - 1, 0) WHERE id = $1 RETURNING likes`), [id]);
    return { removed: true, likes: row?.likes ?? 0 };
  }

  /** A comment's count as committed now (the live push reads it after the like's commit); null when it is gone. */
  async likesNow(id: string): Promise<number | null> {
    const row = await selectRow(this.dataSource, Likes, `SELECT likes FROM community.comments WHERE id = $1`, [id]);
    return row?.likes ?? null;
  }

  private async likesOf(manager: EntityManager, id: string): Promise<number> {
    const row = await selectRow(manager, Likes, `SELECT likes FROM community.comments WHERE id = $1`, [id]);
    return row?.likes ?? 0;
  }

  /**
   * A target's threads, newest first, after the cursor: those not deleted, and deleted ones whose
   * thread still has a live reply (they stay as «Комментарий удалён»).
   */
  async threads(targetType: CommentTargetType, targetId: string, after: { micros: string; id: string } | null, limit: number): Promise<CommentRow[]> {
    const seconds = after ? (BigInt(after.micros) / 1_000_000n).toString() : null;
    const micros = after ? Number(BigInt(after.micros) % 1_000_000n) : null;
    return selectRows(
      this.dataSource,
      CommentRow,
      `SELECT ${COLUMNS} FROM ${FROM}
       WHERE c.target_type = $1 AND c.target_id = $2 AND c.parent_id IS NULL
         AND ($3::bigint IS NULL OR (c.created_at, c.id) < (${CURSOR_TIME}, $5::uuid))
         AND (c.deleted_at IS NULL OR EXISTS (
           SELECT 1 FROM community.comments r WHERE r.root_id = c.id AND r.parent_id IS NOT NULL AND r.deleted_at IS NULL))
       ORDER BY c.created_at DESC, c.id DESC
       LIMIT $6`,
      [targetType, targetId, seconds, micros, after?.id ?? null, limit],
    );
  }

  /** Up to `perThread` replies of each thread, oldest first (deleted ones too: they may hold a branch). */
  async repliesOf(rootIds: string[], perThread: number, since?: Date): Promise<CommentRow[]> {
    if (rootIds.length === 0) return [];
    return selectRows(
      this.dataSource,
      CommentRow,
      `SELECT r.* FROM unnest($1::uuid[]) AS t(root_id)
       CROSS JOIN LATERAL (
         SELECT ${COLUMNS} FROM ${FROM}
         WHERE c.root_id = t.root_id AND c.parent_id IS NOT NULL AND ($3::timestamptz IS NULL OR c.created_at >= $3)
         ORDER BY c.created_at, c.id LIMIT $2
       ) r`,
      [rootIds, perThread, since ?? null],
    );
  }

  /** The newest live comments of every target, with the title each is about. */
  async latest(limit: number): Promise<LatestCommentRow[]> {
    return selectRows(
      this.dataSource,
      LatestCommentRow,
      `SELECT ${COLUMNS}, ${WITH_ANIME} FROM ${FROM} WHERE c.deleted_at IS NULL ORDER BY c.created_at DESC, c.id DESC LIMIT $1`,
      [limit],
    );
  }

  /** A user's live comments (threads and replies), newest first after the cursor, with the title each is about. */
  async ofAuthor(authorId: string, after: { micros: string; id: string } | null, limit: number): Promise<LatestCommentRow[]> {
    const seconds = after ? (BigInt(after.micros) / 1_000_000n).toString() : null;
    const micros = after ? Number(BigInt(after.micros) % 1_000_000n) : null;
    return selectRows(
      this.dataSource,
      LatestCommentRow,
      `SELECT ${COLUMNS}, ${WITH_ANIME} FROM ${FROM}
       WHERE c.author_id = $1 AND c.deleted_at IS NULL
         AND ($3::bigint IS NULL OR (c.created_at, c.id) < (${CURSOR_TIME}, $5::uuid))
       ORDER BY c.created_at DESC, c.id DESC
       LIMIT $2`,
      [authorId, limit, seconds, micros, after?.id ?? null],
    );
  }

  /** How many live comments a user has (threads and replies). */
  async liveCountOf(authorId: string): Promise<number> {
    const row = await selectRow(
      this.dataSource,
      z.object({ n: z.number().int() }),
      `SELECT count(*)::int AS n FROM community.comments WHERE author_id = $1 AND deleted_at IS NULL`,
      [authorId],
    );
    return row?.n ?? 0;
  }

  /** Which of these comments the user likes. */
  async likedBy(userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await selectRows(
      this.dataSource,
      z.object({ comment_id: z.string() }),
      `SELECT comment_id FROM community.comment_likes WHERE user_id = $1 AND comment_id = ANY($2::uuid[])`,
      [userId, ids],
    );
    return new Set(rows.map((row) => row.comment_id));
  }

  /** How far a viewer has watched each of these titles: saved progress and the list entry. */
  async watched(userId: string, animeIds: number[]): Promise<WatchedRow[]> {
    if (animeIds.length === 0) return [];
    return selectRows(
      this.dataSource,
      WatchedRow,
      `SELECT t.anime_id, p.episode, p.position, e.progress AS list_progress,
              coalesce(e.status IN ('completed', 'rewatching') OR e.rewatches > 0, false) AS seen_all
       FROM unnest($2::int[]) AS t(anime_id)
       LEFT JOIN LATERAL (
         SELECT episode, position FROM community.progress
         WHERE user_id = $1 AND anime_id = t.anime_id ORDER BY episode DESC, position DESC LIMIT 1
       ) p ON true
       LEFT JOIN community.list_entries e ON e.user_id = $1 AND e.anime_id = t.anime_id`,
      [userId, animeIds],
    );
  }

  /**
   * A user's comments within the last day, newest first, at most `limit`: the daily cap counts
   * deleted ones too (deleting does not buy another comment).
   */
  async recentBy(userId: string, limit: number): Promise<Date[]> {
    const rows = await selectRows(
      this.dataSource,
      z.object({ created_at: z.date() }),
      `SELECT created_at FROM community.comments WHERE author_id = $1 AND created_at > now() - interval '1 day' ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => row.created_at);
  }
}
