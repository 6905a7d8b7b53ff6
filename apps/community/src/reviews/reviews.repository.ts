import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReviewSort, ReviewStatus } from '@portal/contracts';
import type { AnimeRefRow } from '../anime-refs/anime-refs.repository';

/** A review with its author's public slice and the title's name, as every read selects it. */
export interface ReviewRow {
  id: string;
  anime_id: number;
  author_id: string;
  title: string | null;
  text: string;
  score: number;
  status: ReviewStatus;
  rejection_reason: string | null;
  /** On hold by moderation: the text goes only to its author and admins. */
  held: boolean;
  helpful: number;
  unhelpful: number;
  helpfulness: number;
  created_at: Date;
  updated_at: Date;
  /** created_at in microseconds since the epoch, as text: the exact part of a cursor. */
  created_key: string;
  username: string;
  display_name: string;
  avatar: string | null;
  rank: string | null;
  anime_title: string | null;
}

export type ReviewWithAnimeRow = ReviewRow & { anime: AnimeRefRow | null };

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

/** An UPDATE or DELETE … RETURNING as a SELECT: TypeORM answers those two commands as [rows, count]. */
const changed = (statement: string) => `WITH changed AS (${statement}) SELECT * FROM changed`;

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
    const rows: ReviewRow[] = await manager.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Locks a review until the transaction ends (votes, edits and moderation of it queue up). */
  async lock(manager: EntityManager, id: string): Promise<ReviewRow | null> {
    const rows: ReviewRow[] = await manager.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 FOR NO KEY UPDATE OF r`, [id]);
    return rows[0] ?? null;
  }

  async existsFor(authorId: string, animeId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM community.reviews WHERE author_id = $1 AND anime_id = $2`, [authorId, animeId]);
    return rows.length > 0;
  }

  /** The caller's own review of a title, whatever its status. */
  async ownOf(authorId: string, animeId: number): Promise<ReviewRow | null> {
    const rows: ReviewRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.author_id = $1 AND r.anime_id = $2`, [authorId, animeId]);
    return rows[0] ?? null;
  }

  /** Null when the author has a review of the title already (the unique index decides, race-safe). */
  async insert(manager: EntityManager, review: NewReview): Promise<ReviewRow | null> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO community.reviews (id, anime_id, author_id, title, text, score) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (author_id, anime_id) DO NOTHING RETURNING 1`,
      [review.id, review.animeId, review.authorId, review.title, review.text, review.score],
    );
    return inserted.length === 0 ? null : this.find(review.id, manager);
  }

  /** The author's edit: the fields given change, and the review goes back to moderation. */
  async update(manager: EntityManager, id: string, change: ReviewChange): Promise<ReviewRow> {
    await manager.query(
      `UPDATE community.reviews SET
         title = CASE WHEN $2 THEN $3 ELSE title END, text = coalesce($4, text), score = coalesce($5, score),
         status = 'pending', rejection_reason = NULL, moderated_at = NULL, moderated_by = NULL, updated_at = now()
       WHERE id = $1`,
      [id, change.title !== undefined, change.title ?? null, change.text ?? null, change.score ?? null],
    );
    return (await this.find(id, manager)) as ReviewRow;
  }

  async remove(manager: EntityManager, id: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(changed(`DELETE FROM community.reviews WHERE id = $1 RETURNING 1`), [id]);
    return rows.length > 0;
  }

  /** pending → approved or rejected; null when it is no longer pending (another admin was first). */
  async moderate(manager: EntityManager, id: string, status: 'approved' | 'rejected', reason: string | null, moderatorId: string): Promise<ReviewRow | null> {
    const rows: unknown[] = await manager.query(
      changed(
        `UPDATE community.reviews SET status = $2, rejection_reason = $3, moderated_at = now(), moderated_by = $4
         WHERE id = $1 AND status = 'pending' RETURNING 1`,
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
    const rows: Array<{ inserted: boolean }> = await manager.query(
      `INSERT INTO community.review_votes AS v (review_id, user_id, helpful) VALUES ($1, $2, $3)
       ON CONFLICT (review_id, user_id) DO UPDATE SET helpful = excluded.helpful, updated_at = now() WHERE v.helpful <> excluded.helpful
       RETURNING (xmax = 0) AS inserted`,
      [id, userId, helpful],
    );
    if (rows.length === 0) return this.countsOf(manager, id);
    const moved = rows[0].inserted ? 0 : 1;
    const [counts]: Array<{ helpful: number; unhelpful: number }> = await manager.query(
      changed(
        `UPDATE community.reviews SET helpful = helpful + CASE WHEN $2 THEN 1 ELSE -$3::int END, unhelpful = unhelpful + CASE WHEN $2 THEN -$3::int ELSE 1 END
         WHERE id = $1 RETURNING helpful, unhelpful`,
      ),
      [id, helpful, moved],
    );
    return counts;
  }

  async unvote(manager: EntityManager, id: string, userId: string): Promise<{ helpful: number; unhelpful: number }> {
    const rows: Array<{ helpful: boolean }> = await manager.query(
      changed(`DELETE FROM community.review_votes WHERE review_id = $1 AND user_id = $2 RETURNING helpful`),
      [id, userId],
    );
    if (rows.length === 0) return this.countsOf(manager, id);
    const [counts]: Array<{ helpful: number; unhelpful: number }> = await manager.query(
      changed(
        `UPDATE community.reviews SET helpful = helpful - CASE WHEN $2 THEN 1 ELSE 0 END, unhelpful = unhelpful - CASE WHEN $2 THEN 0 ELSE 1 END
         WHERE id = $1 RETURNING helpful, unhelpful`,
      ),
      [id, rows[0].helpful],
    );
    return counts;
  }

  private async countsOf(manager: EntityManager, id: string): Promise<{ helpful: number; unhelpful: number }> {
    const [row]: Array<{ helpful: number; unhelpful: number }> = await manager.query(`SELECT helpful, unhelpful FROM community.reviews WHERE id = $1`, [id]);
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
    return this.dataSource.query(
      `SELECT ${COLUMNS}, ${animeId === null ? WITH_ANIME : 'NULL AS anime'} FROM ${FROM}
       WHERE r.status = 'approved' AND ($1::int IS NULL OR r.anime_id = $1)
         AND ($3::bigint IS NULL OR ${position})
       ORDER BY ${order}
       LIMIT $2`,
      sort === 'helpful' ? [animeId, limit, seconds, micros, after?.id ?? null, after?.helpfulness ?? null] : [animeId, limit, seconds, micros, after?.id ?? null],
    );
  }

  /** The moderation queue, oldest first, after the cursor. */
  async pending(after: ReviewCursor | null, limit: number): Promise<ReviewWithAnimeRow[]> {
    const seconds = after ? (BigInt(after.micros) / 1_000_000n).toString() : null;
    const micros = after ? Number(BigInt(after.micros) % 1_000_000n) : null;
    return this.dataSource.query(
      `SELECT ${COLUMNS}, ${WITH_ANIME} FROM ${FROM}
       WHERE r.status = 'pending' AND ($2::bigint IS NULL OR (r.created_at, r.id) > (${cursorTime('$2', '$3')}, $4::uuid))
       ORDER BY r.created_at, r.id
       LIMIT $1`,
      [limit, seconds, micros, after?.id ?? null],
    );
  }

  /** A user's reviews, newest first: the approved ones, or with `withHidden` every status. */
  async ofAuthor(authorId: string, withHidden: boolean, offset: number, limit: number): Promise<ReviewWithAnimeRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS}, ${WITH_ANIME} FROM ${FROM}
       WHERE r.author_id = $1 AND ($2 OR r.status = 'approved')
       ORDER BY r.created_at DESC, r.id DESC
       OFFSET $3 LIMIT $4`,
      [authorId, withHidden, offset, limit],
    );
  }

  /** How many reviews a user has: approved ones, and of every status. */
  async authorCounts(authorId: string): Promise<{ approved: number; total: number }> {
    const [row]: Array<{ approved: number; total: number }> = await this.dataSource.query(
      `SELECT (count(*) FILTER (WHERE status = 'approved'))::int AS approved, count(*)::int AS total FROM community.reviews WHERE author_id = $1`,
      [authorId],
    );
    return row;
  }

  async pendingCount(): Promise<number> {
    const [row]: Array<{ n: number }> = await this.dataSource.query(`SELECT count(*)::int AS n FROM community.reviews WHERE status = 'pending'`);
    return row.n;
  }

  /** The user's votes on these reviews. */
  async votesOf(userId: string, ids: string[]): Promise<Map<string, boolean>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ review_id: string; helpful: boolean }> = await this.dataSource.query(
      `SELECT review_id, helpful FROM community.review_votes WHERE user_id = $1 AND review_id = ANY($2::uuid[])`,
      [userId, ids],
    );
    return new Map(rows.map((row) => [row.review_id, row.helpful]));
  }
}
