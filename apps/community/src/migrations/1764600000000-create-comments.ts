import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COMMENT_DEPTH_MAX, COMMENT_TARGET_TYPES } from '@portal/contracts';

const TARGET_TYPES = `(${COMMENT_TARGET_TYPES.map((type) => `'${type}'`).join(', ')})`;

/** Comments, their likes, and the read model of the accounts that write them (docs/community.md, «Comments»). */
export class CreateComments1764600000000 implements MigrationInterface {
  name = 'CreateComments1764600000000';

  async up(runner: QueryRunner): Promise<void> {
    // Accounts as auth announces them (auth.user.registered / auth.user.updated). `version` is the
    // time of the event the row comes from, so an older event delivered late changes nothing; a row
    // made on a comment write before any event arrived has the epoch and yields to every event.
    await runner.query(`CREATE TABLE "community"."user_refs" (
      "id" uuid PRIMARY KEY,
      "username" text NOT NULL,
      "display_name" text NOT NULL,
      "avatar" text,
      "rank" text,
      "version" timestamptz NOT NULL,
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // `parent_id`: the comment answered (whom a reply notifies); `thread_parent_id`: where it is shown,
    // the parent itself above the depth cap, else the parent's own display parent, so depth stays
    // ≤ COMMENT_DEPTH_MAX. `root_id`: the thread (its own id for a thread). A deleted comment keeps its
    // row (content too, for moderation); readers never get the text of one.
    await runner.query(`CREATE TABLE "community"."comments" (
      "id" uuid PRIMARY KEY,
      "target_type" text NOT NULL CHECK ("target_type" IN ${TARGET_TYPES}),
      "target_id" text NOT NULL,
      "parent_id" uuid REFERENCES "community"."comments" ("id"),
      "thread_parent_id" uuid REFERENCES "community"."comments" ("id"),
      "root_id" uuid NOT NULL,
      "depth" smallint NOT NULL CHECK ("depth" BETWEEN 0 AND ${COMMENT_DEPTH_MAX}),
      "author_id" uuid NOT NULL REFERENCES "community"."user_refs" ("id"),
      "content" text NOT NULL,
      "episode" integer CHECK ("episode" >= 1),
      "at_seconds" integer CHECK ("at_seconds" >= 0),
      "likes" integer NOT NULL DEFAULT 0 CHECK ("likes" >= 0),
      "replies" integer NOT NULL DEFAULT 0 CHECK ("replies" >= 0),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "edited_at" timestamptz,
      "deleted_at" timestamptz,
      CHECK (("episode" IS NULL) = ("at_seconds" IS NULL)),
      CHECK (("parent_id" IS NULL) = ("depth" = 0) AND ("parent_id" IS NULL) = ("thread_parent_id" IS NULL))
    )`);
    // A target's threads, newest first (the cursor is created_at + id).
    await runner.query(
      `CREATE INDEX "comments_target_threads" ON "community"."comments" ("target_type", "target_id", "created_at" DESC, "id" DESC) WHERE "parent_id" IS NULL`,
    );
    // A thread's replies in order, and a comment's direct answers.
    await runner.query(`CREATE INDEX "comments_thread_replies" ON "community"."comments" ("root_id", "created_at", "id") WHERE "parent_id" IS NOT NULL`);
    await runner.query(`CREATE INDEX "comments_parent" ON "community"."comments" ("parent_id") WHERE "parent_id" IS NOT NULL`);
    // The latest feed across all targets.
    await runner.query(`CREATE INDEX "comments_latest" ON "community"."comments" ("created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL`);
    // A user's comments (the daily cap, the profile's tab).
    await runner.query(`CREATE INDEX "comments_author" ON "community"."comments" ("author_id", "created_at" DESC)`);
    await runner.query(`CREATE TABLE "community"."comment_likes" (
      "comment_id" uuid NOT NULL REFERENCES "community"."comments" ("id"),
      "user_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("comment_id", "user_id")
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."comment_likes"`);
    await runner.query(`DROP TABLE "community"."comments"`);
    await runner.query(`DROP TABLE "community"."user_refs"`);
  }
}
