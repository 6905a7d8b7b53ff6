import type { MigrationInterface, QueryRunner } from 'typeorm';
import { USER_RANKING_BOARDS } from '@portal/contracts';

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`;
const UTC_TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/** Events the rankings consume, counted by the backfill below when they were committed before it. */
const COUNTED_EVENTS = ['community.list.updated', 'community.list.imported', 'community.rating.updated'];

/**
 * The rankings' read model (docs/community.md, «Rankings»), filled from the data already there, so a
 * portal with users has correct rankings from its first answer.
 */
export class CreateRankings1766500000000 implements MigrationInterface {
  name = 'CreateRankings1766500000000';

  async up(runner: QueryRunner): Promise<void> {
    // One row per user and board; `updated_at` is when the value last changed (equal values are
    // listed by who reached theirs first). A value may dip below 0 while events arrive out of order.
    await runner.query(`CREATE TABLE "community"."ranking_counters" (
      "user_id" uuid NOT NULL,
      "board" text NOT NULL CHECK ("board" IN ${list(USER_RANKING_BOARDS)}),
      "value" integer NOT NULL DEFAULT 0,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "board")
    )`);
    // The top of a board: the first rows of this index.
    await runner.query(`CREATE INDEX "ranking_counters_order" ON "community"."ranking_counters" ("board", "value" DESC, "updated_at", "user_id")`);
    // Each title's scores by our users: votes and their sum.
    await runner.query(`CREATE TABLE "community"."title_rating_stats" (
      "anime_id" integer PRIMARY KEY,
      "votes" integer NOT NULL DEFAULT 0,
      "total" integer NOT NULL DEFAULT 0
    )`);
    // Who watched a title on which (UTC) day, the latest only: «most watched this week» counts the
    // rows of the last seven days. Written by the progress batch's own statement.
    await runner.query(`CREATE TABLE "community"."title_viewers" (
      "anime_id" integer NOT NULL,
      "user_id" uuid NOT NULL,
      "watched_on" date NOT NULL,
      PRIMARY KEY ("anime_id", "user_id")
    )`);
    await runner.query(`CREATE INDEX "title_viewers_recent" ON "community"."title_viewers" ("watched_on", "anime_id")`);
    await backfillRankings(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."title_viewers"`);
    await runner.query(`DROP TABLE "community"."title_rating_stats"`);
    await runner.query(`DROP TABLE "community"."ranking_counters"`);
  }
}

/** What the backfills need of a migration's QueryRunner (a test or the benchmark hand a plain client). */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** Fills the empty read model from the lists, comments and progress (exported for its test and the benchmark). */
export async function backfillRankings(runner: SqlRunner): Promise<void> {
  // Events committed before this point are in the counts below: recorded as applied, so their
  // delivery to the community (which starts with this release) does not count them again.
  await runner.query(
    `INSERT INTO "community"."processed_events" ("event_id", "event_name")
     SELECT "id", "event_name" FROM "community"."outbox"
     WHERE "event_name" = ANY($1::text[]) AND ("relayed_at" IS NULL OR "relayed_at" > now() - interval '1 hour')
     ON CONFLICT DO NOTHING`,
    [COUNTED_EVENTS],
  );
  await runner.query(`INSERT INTO "community"."ranking_counters" ("user_id", "board", "value", "updated_at")
    SELECT "user_id", 'byAnime', count(*), max("updated_at") FROM "community"."list_entries" WHERE "status" IN ('completed', 'rewatching') GROUP BY "user_id"
    UNION ALL
    SELECT "user_id", 'byRating', count(*), max("updated_at") FROM "community"."list_entries" WHERE "user_rating" IS NOT NULL GROUP BY "user_id"
    UNION ALL
    SELECT "author_id", 'byComments', count(*), max("created_at") FROM "community"."comments" WHERE "deleted_at" IS NULL GROUP BY "author_id"`);
  await runner.query(`INSERT INTO "community"."title_rating_stats" ("anime_id", "votes", "total")
    SELECT "anime_id", count(*), sum("user_rating") FROM "community"."list_entries" WHERE "user_rating" IS NOT NULL GROUP BY "anime_id"`);
  await runner.query(`INSERT INTO "community"."title_viewers" ("anime_id", "user_id", "watched_on")
    SELECT "anime_id", "user_id", max(("updated_at" AT TIME ZONE 'UTC')::date) FROM "community"."progress"
    WHERE "updated_at" >= ${UTC_TODAY} - 6 GROUP BY "anime_id", "user_id"`);
}
