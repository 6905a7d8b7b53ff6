import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { REVIEW_STATUSES, type ReviewSort } from '@portal/contracts';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';
import { AnimeRefRow } from '../anime-refs/anime-refs.repository';

/** A review with its author's public slice and the title's name, as every read selects it. */
export const ReviewRow = z.object({
  id: z.string(),
  anime_id: z.number().int(),
  author_id: z.string(),
  title: z.string().nullable(),
  text: z.string(),
  score: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  rejection_reason: z.string().nullable(),
  /** On hold by moderation: the text goes only to its author and admins. */
  held: z.boolean(),
  helpful: z.number().int(),
  unhelpful: z.number().int(),
  helpfulness: z.number().int(),
  created_at: z.date(),
  updated_at: z.date(),
  /** created_at in microseconds since the epoch, as text: the exact part of a cursor. */
  created_key: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  rank: z.string().nullable(),
  anime_title: z.string().nullable(),
});
export type ReviewRow = z.output<typeof ReviewRow>;

/** A review with the title it is about, as `WITH_ANIME` adds it (null where the query selects `NULL AS anime`). */
export const ReviewWithAnimeRow = ReviewRow.extend({ anime: AnimeRefRow.nullable() });
export type ReviewWithAnimeRow = z.output<typeof ReviewWithAnimeRow>;

/** A review's vote counters. */
const Counts = z.object({ helpful: z.number().int(), unhelpful: z.number().int() });
/** A row that is only there or not (`1 AS one`). */
const One = z.object({ one: z.literal(1) });

export interface NewReview {
  id: string;
  animeId: number;
  authorId: string;
  title: string | null;
  text: string;
  score: number;
}

export interface ReviewChange {
  title?: string | null;
  text?: string;
  score?: number;
}

/** A position in a list: by date, or by helpfulness then date. */
export interface ReviewCursor {
  helpfulness: number | null;
  micros: string;
  id: string;
}

const COLUMNS = `r.id, r.anime_id, r.author_id, r.title, r.text, r.score, r.status, r.rejection_reason, r.held, r.helpful, r.unhelpful,
  r.helpfulness, r.created_at, r.updated_at, (extract(epoch FROM r.created_at) * 1000000)::bigint::text AS created_key,
  u.username, u.display_name, u.avatar, u.rank, (SELECT a.title FROM community.anime_refs a WHERE a.id = r.anime_id) AS anime_title`;
const FROM = `community.reviews r JOIN community.user_refs u ON u.id = r.author_id`;
const WITH_ANIME = `(SELECT row_to_json(a) FROM community.anime_refs a WHERE a.id = r.anime_id) AS anime`;

/** The timestamp of a cursor's microseconds, exactly: whole seconds, then the microseconds left. */
const cursorTime = (seconds: string, micros: string) => `(to_timestamp(${seconds}::bigint) + ${micros}::int * interval '1 microsecond')`;

export const reviewCursorOf = (row: ReviewRow, sort: ReviewSort) =>
  sort === 'helpful' ? `${row.helpfulness}_${row.created_key}_${row.id}` : `${row.created_key}_${row.id}`;

export function parseReviewCursor(cursor: string | undefined): ReviewCursor | null {
  if (!cursor) return null;
  const parts = cursor.split('_');
  return parts.length === 3 ? { helpfulness: Number(parts[0]), micros: parts[1], id: parts[2] } : { helpfulness: null, micros: parts[0], id: parts[1] };
}

@Injectable()
export class ReviewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<ReviewRow | null> {
    return selectRow(manager, ReviewRow, `SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1`, [id]);
  }

  /** Locks a review until the transaction ends (votes, edits and moderation of it queue up). */
  async lock(manager: EntityManager, id: string): Promise<ReviewRow | null> {
    return selectRow(manager, ReviewRow, `SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 FOR NO KEY UPDATE OF r`, [id]);
  }

  async existsFor(authorId: string, animeId: number): Promise<boolean> {
    const rows = await selectRows(this.dataSource, One, `SELECT 1 AS one FROM community.reviews WHERE author_id = $1 AND anime_id = $2`, [authorId, animeId]);
    return rows.length > 0;
  }

  /** The caller's own review of a title, whatever its status. */
  async ownOf(authorId: string, animeId: number): Promise<ReviewRow | null> {
    return selectRow(this.dataSource, ReviewRow, `SELECT ${COLUMNS} FROM ${FROM} WHERE r.author_id = $1 AND r.anime_id = $2`, [authorId, animeId]);
  }

  /** Null when the author has a review of the title already (the unique index decides, race-safe). */
  async insert(manager: EntityManager, review: NewReview): Promise<ReviewRow | null> {
    const inserted = await selectRows(
      manager,
      One,
      `INSERT INTO community.reviews (id, anime_id, author_id, title, text, score) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (author_id, anime_id) DO NOTHING RETURNING 1 AS one`,
      [review.id, review.animeId, review.authorId, review.title, review.text, review.score],
    );
    return inserted.length === 0 ? null : this.find(review.id, manager);
  }

  /** The author's edit: the fields given change, and the review goes back to moderation. */
  async update(manager: EntityManager, id: string, change: ReviewChange): Promise<ReviewRow> {
    await execute(
      manager,
      `UPDATE community.reviews SET
         title = CASE WHEN $2 THEN $3 ELSE title END, text = coalesce($4, text), score = coalesce($5, score),
         status = 'pending', rejection_reason = NULL, moderated_at = NULL, moderated_by = NULL, updated_at = now()
       WHERE id = $1`,
      [id, change.title !== undefined, change.title ?? null, change.text ?? null, change.score ?? null],
    );
    return existingRow(await this.find(id, manager), `review ${id}`);
  }

  async remove(manager: EntityManager, id: string): Promise<boolean> {
    const rows = await selectRows(manager, One, returning(`DELETE FROM community.reviews WHERE id = $1 RETURNING 1 AS one`), [id]);
    return rows.length > 0;
  }

  /** pending → approved or rejected; null when it is no longer pending (another admin was first). */
  async moderate(manager: EntityManager, id: string, status: 'approved' | 'rejected', reason: string | null, moderatorId: string): Promise<ReviewRow | null> {
    const rows = await selectRows(
      manager,
      One,
      returning(
        `UPDATE community.reviews SET status = $2, rejection_reason = $3, moderated_at = now(), moderated_by = $4
         WHERE id = $1 AND status = 'pending' RETURNING 1 AS one`,
      ),
      [id, status, reason, moderatorId],
    );
    return rows.length === 0 ? null : this.find(id, manager);
  }

  /**
   * The user's vote, set or changed: the counters move by exactly what changed (a new vote adds one,
   * a changed vote moves one from the other counter, the same vote again changes nothing), in the
   * caller's transaction, which has locked the review first.
   */
  async vote(manager: EntityManager, id: string, userId: string, helpful: boolean): Promise<{ helpful: number; unhelpful: number }> {
    const vote = await selectRow(
      manager,
      z.object({ inserted: z.boolean() }),
      `INSERT INTO community.review_votes AS v (review_id, user_id, helpful) VALUES ($1, $2, $3)
       ON CONFLICT (review_id, user_id) DO UPDATE SET helpful = excluded.helpful, updated_at = now() WHERE v.helpful <> excluded.helpful
       RETURNING (xmax = 0) AS inserted`,
      [id, userId, helpful],
    );
    if (!vote) return this.countsOf(manager, id);
    const moved = vote.inserted ? 0 : 1;
    const counts = await selectRow(
      manager,
      Counts,
      returning(
        `UPDATE community.reviews SET helpful = helpful + CASE WHEN $2 THEN 1 ELSE -$3::int END, unhelpful = unhelpful + CASE WHEN $2 THEN -$3::int ELSE 1 END
         WHERE id = $1 RETURNING helpful, unhelpful`,
      ),
      [id, helpful, moved],
    );
    return counts ?? { helpful: 0, unhelpful: 0 };
  }

  async unvote(manager: EntityManager, id: string, userId: string): Promise<{ helpful: number; unhelpful: number }> {
    const removed = await selectRow(
      manager,
      z.object({ helpful: z.boolean() }),
      returning(`DELETE FROM community.review_votes WHERE review_id = $1 AND user_id = $2 RETURNING helpful`),
      [id, userId],
    );
    if (!removed) return this.countsOf(manager, id);
    const counts = await selectRow(
      manager,
      Counts,
      returning(
        `UPDATE community.reviews SET helpful = helpful - CASE WHEN $2 THEN 1 ELSE 0 END, unhelpful = unhelpful - CASE WHEN $2 THEN 0 ELSE 1 END
         WHERE id = $1 RETURNING helpful, unhelpful`,
      ),
      [id, removed.helpful],
    );
    return counts ?? { helpful: 0, unhelpful: 0 };
  }

  private async countsOf(manager: EntityManager, id: string): Promise<{ helpful: number; unhelpful: number }> {
    const row = await selectRow(manager, Counts, `SELECT helpful, unhelpful FROM community.reviews WHERE id = $1`, [id]);
    return row ?? { helpful: 0, unhelpful: 0 };
  }

  /** Approved reviews (of one title, or of all), in the sort's order after the cursor. */
  async approved(animeId: number | null, sort: ReviewSort, after: ReviewCursor | null, limit: number): Promise<ReviewWithAnimeRow[]> {
    const seconds = after ? (BigInt(after.micros) / 1_000_000n).toString() : null;
    const micros = after ? Number(BigInt(after.micros) % 1_000_000n) : null;
    const position =
      sort === 'helpful'
        ? `(r.helpfulness, r.created_at, r.id) < ($6::int, ${cursorTime('$3', '$4')}, $5::uuid)`
        : `(r.created_at, r.id) < (${cursorTime('$3', '$4')}, $5::uuid)`;
    const order = sort === 'helpful' ? 'r.helpfulness DESC, r.created_at DESC, r.id DESC' : 'r.created_at DESC, r.id DESC';
    return selectRows(
      this.dataSource,
      ReviewWithAnimeRow,
      `SELECT ${COLUMNS}, ${animeId === null ? WITH_ANIME : 'NULL AS anime'} FROM ${FROM}
       WHERE r.status = 'approved' AND ($1::int IS NULL OR r.anime_id = $1)
         AND ($3::bigint IS NULL OR ${position})
       ORDER BY ${order}
       LIMIT $2`,
      sort === 'helpful'
        ? [animeId, limit, seconds, micros, after?.id ?? null, after?.helpfulness ?? null]
        : [animeId, limit, seconds, micros, after?.id ?? null],
    );
  }

  /** The moderation queue, oldest first, after the cursor. */
  async pending(after: ReviewCursor | null, limit: number): Promise<ReviewWithAnimeRow[]> {
    const seconds = after ? (BigInt(after.micros) / 1_000_000n).toString() : null;
    const micros = after ? Number(BigInt(after.micros) % 1_000_000n) : null;
    return selectRows(
      this.dataSource,
      ReviewWithAnimeRow,
      `SELECT ${COLUMNS}, ${WITH_ANIME} FROM ${FROM}
       WHERE r.status = 'pending' AND ($2::bigint IS NULL OR (r.created_at, r.id) > (${cursorTime('$2', '$3')}, $4::uuid))
       ORDER BY r.created_at, r.id
       LIMIT $1`,
      [limit, seconds, micros, after?.id ?? null],
    );
  }

  /** A user's reviews, newest first: the approved ones, or with `withHidden` every status. */
  async ofAuthor(authorId: string, withHidden: boolean, offset: number, limit: number): Promise<ReviewWithAnimeRow[]> {
    return selectRows(
      this.dataSource,
      ReviewWithAnimeRow,
      `SELECT ${COLUMNS}, ${WITH_ANIME} FROM ${FROM}
       WHERE r.author_id = $1 AND ($2 OR r.status = 'approved')
       ORDER BY r.created_at DESC, r.id DESC
       OFFSET $3 LIMIT $4`,
      [authorId, withHidden, offset, limit],
    );
  }

  /** How many reviews a user has: approved ones, and of every status. */
  async authorCounts(authorId: string): Promise<{ approved: number; total: number }> {
    const row = await selectRow(
      this.dataSource,
      z.object({ approved: z.number().int(), total: z.number().int() }),
      `SELECT (count(*) FILTER (WHERE status = 'approved'))::int AS approved, count(*)::int AS total FROM community.reviews WHERE author_id = $1`,
      [authorId],
    );
    return row ?? { approved: 0, total: 0 };
  }

  async pendingCount(): Promise<number> {
    const row = await selectRow(
      this.dataSource,
      z.object({ n: z.number().int() }),
      `SELECT count(*)::int AS n FROM community.reviews WHERE status = 'pending'`,
    );
    return row?.n ?? 0;
  }

  /** The user's votes on these reviews. */
  async votesOf(userId: string, ids: string[]): Promise<Map<string, boolean>> {
    if (ids.length === 0) return new Map();
    const rows = await selectRows(
      this.dataSource,
      z.object({ review_id: z.string(), helpful: z.boolean() }),
      `SELECT review_id, helpful FROM community.review_votes WHERE user_id = $1 AND review_id = ANY($2::uuid[])`,
      [userId, ids],
    );
    return new Map(rows.map((row) => [row.review_id, row.helpful]));
  }
}
