import type { MigrationInterface, QueryRunner } from 'typeorm';
import { REVIEW_REASON_MAX, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN, REVIEW_STATUSES, REVIEW_TITLE_MAX } from '@portal/contracts';

const STATUSES = `(${REVIEW_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Reviews and their «Полезно» / «Бесполезно» votes (docs/community.md, «Reviews»). */
export class CreateReviews1764700000000 implements MigrationInterface {
  name = 'CreateReviews1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    // `helpful` / `unhelpful` count the votes, changed in the transaction of each vote change;
    // `helpfulness` is the order of «по полезности». A rejected review carries its reason, no other does.
    await runner.query(`CREATE TABLE "community"."reviews" (
      "id" uuid PRIMARY KEY,
      "anime_id" integer NOT NULL REFERENCES "community"."anime_refs" ("id"),
      "author_id" uuid NOT NULL REFERENCES "community"."user_refs" ("id"),
      "title" text CHECK (char_length("title") BETWEEN 1 AND ${REVIEW_TITLE_MAX}),
      "text" text NOT NULL,
      "score" smallint NOT NULL CHECK ("score" BETWEEN ${REVIEW_SCORE_MIN} AND ${REVIEW_SCORE_MAX}),
      "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ${STATUSES}),
      "rejection_reason" text CHECK (char_length("rejection_reason") <= ${REVIEW_REASON_MAX}),
      "helpful" integer NOT NULL DEFAULT 0 CHECK ("helpful" >= 0),
      "unhelpful" integer NOT NULL DEFAULT 0 CHECK ("unhelpful" >= 0),
      "helpfulness" integer GENERATED ALWAYS AS ("helpful" - "unhelpful") STORED,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "moderated_at" timestamptz,
      "moderated_by" uuid,
      CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL))
    )`);
    // One review per user and title: concurrent posts meet here, one wins, the other is a 409.
    await runner.query(`CREATE UNIQUE INDEX "reviews_author_anime" ON "community"."reviews" ("author_id", "anime_id")`);
    // The approved reviews of all titles and of one, by date and by helpfulness (the cursors' orders).
    await runner.query(`CREATE INDEX "reviews_approved_date" ON "community"."reviews" ("created_at" DESC, "id" DESC) WHERE "status" = 'approved'`);
    await runner.query(
      `CREATE INDEX "reviews_approved_helpful" ON "community"."reviews" ("helpfulness" DESC, "created_at" DESC, "id" DESC) WHERE "status" = 'approved'`,
    );
    await runner.query(`CREATE INDEX "reviews_anime_date" ON "community"."reviews" ("anime_id", "created_at" DESC, "id" DESC) WHERE "status" = 'approved'`);
    await runner.query(
      `CREATE INDEX "reviews_anime_helpful" ON "community"."reviews" ("anime_id", "helpfulness" DESC, "created_at" DESC, "id" DESC) WHERE "status" = 'approved'`,
    );
    // The moderation queue, oldest first, and its count.
    await runner.query(`CREATE INDEX "reviews_pending" ON "community"."reviews" ("created_at", "id") WHERE "status" = 'pending'`);
    await runner.query(`CREATE TABLE "community"."review_votes" (
      "review_id" uuid NOT NULL REFERENCES "community"."reviews" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "helpful" boolean NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("review_id", "user_id")
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."review_votes"`);
    await runner.query(`DROP TABLE "community"."reviews"`);
  }
}
