import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { QUIZ_STATUSES, type QuizQuestionInput, type QuizSort, type QuizStatus } from '@portal/contracts';
import { execute, existingRow, selectRow, selectRows } from '@portal/db';

/** A stored question (`questions` jsonb) as its author wrote it: QuizQuestionInput, `correct` indexes into `options`. */
const QuizQuestion = z.object({ text: z.string(), image: z.string().nullable(), options: z.array(z.string()), correct: z.array(z.number().int()) });

/** A quiz as every read selects it: its author's name and its titles' names joined. */
export const QuizRow = z.object({
  id: z.string(),
  author_id: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  anime_ids: z.array(z.number().int()),
  questions: z.array(QuizQuestion),
  question_count: z.number().int(),
  time_limit_seconds: z.number().int().nullable(),
  status: z.enum(QUIZ_STATUSES),
  rejection_reason: z.string().nullable(),
  version: z.number().int(),
  players: z.number().int(),
  created_at: z.date(),
  updated_at: z.date(),
  username: z.string().nullable(),
  anime: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type QuizRow = z.output<typeof QuizRow>;

export interface QuizContent {
  title: string;
  description: string;
  cover: string | null;
  animeIds: number[];
  questions: QuizQuestionInput[];
  timeLimitSeconds: number | null;
}

export const AttemptRow = z.object({
  id: z.string(),
  quiz_id: z.string(),
  user_id: z.string(),
  quiz_version: z.number().int(),
  started_at: z.date(),
  expires_at: z.date().nullable(),
  submitted_at: z.date().nullable(),
  /** Whether the time limit (and its grace) has passed, by the database's clock. */
  late: z.boolean(),
});
export type AttemptRow = z.output<typeof AttemptRow>;

export const BestRow = z.object({
  best_score: z.number().int(),
  total_questions: z.number().int(),
  first_success_at: z.date().nullable(),
});
export type BestRow = z.output<typeof BestRow>;

const COLUMNS = `q.id, q.author_id, q.title, q.description, q.cover, q.anime_ids, q.questions, q.question_count, q.time_limit_seconds, q.status,
  q.rejection_reason, q.version, q.players, q.created_at, q.updated_at,
  (SELECT u.username FROM community.user_refs u WHERE u.id = q.author_id) AS username,
  coalesce((SELECT json_agg(json_build_object('id', a.id, 'title', a.title) ORDER BY array_position(q.anime_ids, a.id))
            FROM community.anime_refs a WHERE a.id = ANY(q.anime_ids)), '[]') AS anime`;
const ORDER_BY: Record<QuizSort, string> = {
  popular: 'q.players DESC, q.created_at DESC, q.id',
  new: 'q.created_at DESC, q.id',
  title: 'lower(q.title), q.id',
};

/** Quizzes, attempts and best results: every query of the feature. */
@Injectable()
export class QuizzesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<QuizRow | null> {
    return selectRow(manager, QuizRow, `SELECT ${COLUMNS} FROM community.quizzes q WHERE q.id = $1`, [id]);
  }

  /** Locks a quiz until the transaction ends: edits, moderation and deletion take turns. */
  async lock(manager: EntityManager, id: string): Promise<QuizRow | null> {
    return selectRow(manager, QuizRow, `SELECT ${COLUMNS} FROM community.quizzes q WHERE q.id = $1 FOR UPDATE OF q`, [id]);
  }

  /** One author's creations queue up (their limits are checked, then a quiz added). */
  async lockAuthor(manager: EntityManager, authorId: string): Promise<void> {
    await execute(manager, `SELECT pg_advisory_xact_lock(hashtextextended('community.quizzes:' || $1, 0))`, [authorId]);
  }

  async countBy(manager: EntityManager, authorId: string): Promise<{ pending: number; today: number }> {
    const row = await selectRow(
      manager,
      z.object({ pending: z.number().int(), today: z.number().int() }),
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today
       FROM community.quizzes WHERE author_id = $1`,
      [authorId],
    );
    return row ?? { pending: 0, today: 0 };
  }

  async insert(manager: EntityManager, id: string, authorId: string, quiz: QuizContent): Promise<void> {
    await execute(
      manager,
      `INSERT INTO community.quizzes (id, author_id, title, description, cover, anime_ids, questions, question_count, time_limit_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, authorId, quiz.title, quiz.description, quiz.cover, quiz.animeIds, JSON.stringify(quiz.questions), quiz.questions.length, quiz.timeLimitSeconds],
    );
  }

  /** A new text goes back to moderation under a new version. */
  async replace(manager: EntityManager, id: string, quiz: QuizContent): Promise<void> {
    await execute(
      manager,
      `UPDATE community.quizzes SET title = $2, description = $3, cover = $4, anime_ids = $5, questions = $6, question_count = $7, time_limit_seconds = $8,
         status = 'pending', rejection_reason = NULL, version = version + 1, updated_at = now()
       WHERE id = $1`,
      [id, quiz.title, quiz.description, quiz.cover, quiz.animeIds, JSON.stringify(quiz.questions), quiz.questions.length, quiz.timeLimitSeconds],
    );
  }

  async moderate(manager: EntityManager, id: string, change: { status: QuizStatus; reason: string | null; adminId: string }): Promise<void> {
    await execute(manager, `UPDATE community.quizzes SET status = $2, rejection_reason = $3, moderated_by = $4, updated_at = now() WHERE id = $1`, [
      id,
      change.status,
      change.reason,
      change.adminId,
    ]);
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await execute(manager, `DELETE FROM community.quizzes WHERE id = $1`, [id]);
  }

  async approvedPage(sort: QuizSort, offset: number, limit: number): Promise<{ rows: QuizRow[]; total: number }> {
    return this.page(`q.status = 'approved'`, [], ORDER_BY[sort], offset, limit);
  }

  async pendingPage(offset: number, limit: number): Promise<{ rows: QuizRow[]; total: number }> {
    return this.page(`q.status = 'pending'`, [], 'q.updated_at, q.id', offset, limit);
  }

  async authorPage(authorId: string, offset: number, limit: number): Promise<{ rows: QuizRow[]; total: number }> {
    return this.page('q.author_id = $3', [authorId], 'q.created_at DESC, q.id', offset, limit);
  }

  /** The user's best results on these quizzes. */
  async bestOf(userId: string, quizIds: string[]): Promise<Map<string, BestRow>> {
    if (quizIds.length === 0) return new Map();
    const rows = await selectRows(
      this.dataSource,
      BestRow.extend({ quiz_id: z.string() }),
      `SELECT quiz_id, best_score, total_questions, first_success_at FROM community.quiz_results WHERE user_id = $1 AND quiz_id = ANY($2::uuid[])`,
      [userId, quizIds],
    );
    return new Map(rows.map((row) => [row.quiz_id, row]));
  }

  async startAttempt(
    manager: EntityManager,
    attempt: { id: string; quizId: string; userId: string; version: number; limitSeconds: number | null },
  ): Promise<AttemptRow> {
    const row = existingRow(
      await selectRow(
        manager,
        AttemptRow,
        `INSERT INTO community.quiz_attempts (id, quiz_id, user_id, quiz_version, expires_at)
       VALUES ($1, $2, $3, $4, CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(secs => $5::int) END)
       RETURNING id, quiz_id, user_id, quiz_version, started_at, expires_at, submitted_at, false AS late`,
        [attempt.id, attempt.quizId, attempt.userId, attempt.version, attempt.limitSeconds],
      ),
      `The attempt ${attempt.id} was not inserted`,
    );
    return row;
  }

  /** Locks the caller's attempt: of two submissions at once, the second waits and then finds it submitted. */
  async lockAttempt(manager: EntityManager, id: string, userId: string, graceSeconds: number): Promise<AttemptRow | null> {
    return selectRow(
      manager,
      AttemptRow,
      `SELECT id, quiz_id, user_id, quiz_version, started_at, expires_at, submitted_at,
              (expires_at IS NOT NULL AND now() > expires_at + make_interval(secs => $3::int)) AS late
       FROM community.quiz_attempts WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [id, userId, graceSeconds],
    );
  }

  async submitAttempt(manager: EntityManager, id: string, score: number, answers: number[][]): Promise<void> {
    await execute(manager, `UPDATE community.quiz_attempts SET submitted_at = now(), score = $2, answers = $3 WHERE id = $1`, [
      id,
      score,
      JSON.stringify(answers),
    ]);
  }

  /** One user's results on one quiz take turns (the best and the first success are read, then written). */
  async lockResult(manager: EntityManager, quizId: string, userId: string): Promise<BestRow | null> {
    await execute(manager, `SELECT pg_advisory_xact_lock(hashtextextended('community.quiz_results:' || $1 || ':' || $2, 0))`, [quizId, userId]);
    return selectRow(manager, BestRow, `SELECT best_score, total_questions, first_success_at FROM community.quiz_results WHERE quiz_id = $1 AND user_id = $2`, [
      quizId,
      userId,
    ]);
  }

  /** Keeps the better of the stored and the new result; a first player counts towards `players`. */
  async keepBest(
    manager: EntityManager,
    result: { quizId: string; userId: string; attemptId: string; score: number; total: number; success: boolean },
    previous: BestRow | null,
  ) {
    if (!previous) {
      await execute(
        manager,
        `INSERT INTO community.quiz_results (quiz_id, user_id, best_score, total_questions, best_attempt_id, first_success_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END)`,
        [result.quizId, result.userId, result.score, result.total, result.attemptId, result.success],
      );
      await execute(manager, `UPDATE community.quizzes SET players = players + 1 WHERE id = $1`, [result.quizId]);
      return;
    }
    await execute(
      manager,
      `UPDATE community.quiz_results SET
         best_attempt_id = CASE WHEN $3::int > best_score THEN $5::uuid ELSE best_attempt_id END,
         total_questions = CASE WHEN $3::int > best_score THEN $4::int ELSE total_questions END,
         best_score = greatest(best_score, $3::int),
         first_success_at = coalesce(first_success_at, CASE WHEN $6 THEN now() END),
         updated_at = now()
       WHERE quiz_id = $1 AND user_id = $2`,
      [result.quizId, result.userId, result.score, result.total, result.attemptId, result.success],
    );
  }

  private async page(where: string, params: unknown[], orderBy: string, offset: number, limit: number): Promise<{ rows: QuizRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      selectRows(this.dataSource, QuizRow, `SELECT ${COLUMNS} FROM community.quizzes q WHERE ${where} ORDER BY ${orderBy} LIMIT $1 OFFSET $2`, [
        limit,
        offset,
        ...params,
      ]),
      selectRow(
        this.dataSource,
        z.object({ n: z.number().int() }),
        `SELECT count(*)::int AS n FROM community.quizzes q WHERE ${where.replace('$3', '$1')}`,
        params,
      ),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
}
