import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  QUIZ_DESCRIPTION_MAX,
  QUIZ_QUESTIONS_MAX,
  QUIZ_QUESTIONS_MIN,
  QUIZ_REASON_MAX,
  QUIZ_STATUSES,
  QUIZ_TITLE_MAX,
  QUIZ_TITLE_MIN,
} from '@portal/contracts';

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`;

/** Quizzes, their attempts and each player's best result (docs/community.md, «Quizzes»). */
export class CreateQuizzes1766000000000 implements MigrationInterface {
  name = 'CreateQuizzes1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    // `questions` is the quiz as its author wrote it ([{text, image, options, correct}]), answers
    // included: only the community reads it. `version` grows with each edit, so an attempt started
    // on an older text is not scored against the new one. `players` counts quiz_results.
    await runner.query(`CREATE TABLE "community"."quizzes" (
      "id" uuid PRIMARY KEY,
      "author_id" uuid NOT NULL,
      "title" text NOT NULL CHECK (char_length("title") BETWEEN ${QUIZ_TITLE_MIN} AND ${QUIZ_TITLE_MAX}),
      "description" text NOT NULL DEFAULT '' CHECK (char_length("description") <= ${QUIZ_DESCRIPTION_MAX}),
      "cover" uuid,
      "anime_ids" integer[] NOT NULL DEFAULT '{}',
      "questions" jsonb NOT NULL,
      "question_count" integer NOT NULL CHECK ("question_count" BETWEEN ${QUIZ_QUESTIONS_MIN} AND ${QUIZ_QUESTIONS_MAX}),
      "time_limit_seconds" integer CHECK ("time_limit_seconds" > 0),
      "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ${list(QUIZ_STATUSES)}),
      "rejection_reason" text CHECK (char_length("rejection_reason") <= ${QUIZ_REASON_MAX}),
      "moderated_by" uuid,
      "version" integer NOT NULL DEFAULT 1,
      "players" integer NOT NULL DEFAULT 0 CHECK ("players" >= 0),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL))
    )`);
    // The three public orders of approved quizzes, the moderation queue and an author's own list.
    await runner.query(`CREATE INDEX "quizzes_popular" ON "community"."quizzes" ("players" DESC, "created_at" DESC, "id") WHERE "status" = 'approved'`);
    await runner.query(`CREATE INDEX "quizzes_new" ON "community"."quizzes" ("created_at" DESC, "id") WHERE "status" = 'approved'`);
    await runner.query(`CREATE INDEX "quizzes_title" ON "community"."quizzes" (lower("title"), "id") WHERE "status" = 'approved'`);
    await runner.query(`CREATE INDEX "quizzes_pending" ON "community"."quizzes" ("updated_at", "id") WHERE "status" = 'pending'`);
    await runner.query(`CREATE INDEX "quizzes_author" ON "community"."quizzes" ("author_id", "created_at" DESC)`);
    // An attempt is submitted once: `submitted_at` is set by the one UPDATE that finds it null.
    await runner.query(`CREATE TABLE "community"."quiz_attempts" (
      "id" uuid PRIMARY KEY,
      "quiz_id" uuid NOT NULL REFERENCES "community"."quizzes" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "quiz_version" integer NOT NULL,
      "started_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz,
      "submitted_at" timestamptz,
      "score" integer,
      "answers" jsonb
    )`);
    await runner.query(`CREATE INDEX "quiz_attempts_quiz" ON "community"."quiz_attempts" ("quiz_id")`);
    await runner.query(`CREATE INDEX "quiz_attempts_user" ON "community"."quiz_attempts" ("user_id", "started_at" DESC)`);
    await runner.query(`CREATE TABLE "community"."quiz_results" (
      "quiz_id" uuid NOT NULL REFERENCES "community"."quizzes" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "best_score" integer NOT NULL,
      "total_questions" integer NOT NULL,
      "best_attempt_id" uuid NOT NULL,
      "first_success_at" timestamptz,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("quiz_id", "user_id")
    )`);
    await runner.query(`CREATE INDEX "quiz_results_user" ON "community"."quiz_results" ("user_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."quiz_results"`);
    await runner.query(`DROP TABLE "community"."quiz_attempts"`);
    await runner.query(`DROP TABLE "community"."quizzes"`);
  }
}
