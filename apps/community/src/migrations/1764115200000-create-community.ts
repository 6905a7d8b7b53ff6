import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LIST_STATUSES, RATING_MAX, RATING_MIN } from '@portal/contracts';

const STATUSES = `(${LIST_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** Lists, ratings and watch progress. The outbox came with the service's first (platform-only) migration. */
export class CreateCommunity1764115200000 implements MigrationInterface {
  name = 'CreateCommunity1764115200000';

  async up(runner: QueryRunner): Promise<void> {
    // The titles the lists show, copied from the catalogue (refreshed by catalogue.anime.updated).
    await runner.query(`CREATE TABLE "community"."anime_refs" (
      "id" integer PRIMARY KEY,
      "id_shiki" integer,
      "title" text NOT NULL,
      "poster" text NOT NULL,
      "fallback_poster" text NOT NULL,
      "episodes" integer,
      "kind" text,
      "year" integer,
      "refreshed_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "community"."list_entries" (
      "user_id" uuid NOT NULL,
      "anime_id" integer NOT NULL REFERENCES "community"."anime_refs" ("id"),
      "status" text NOT NULL CHECK ("status" IN ${STATUSES}),
      "progress" integer NOT NULL DEFAULT 0 CHECK ("progress" >= 0),
      "user_rating" smallint CHECK ("user_rating" BETWEEN ${RATING_MIN} AND ${RATING_MAX}),
      "watched_episodes" integer[] NOT NULL DEFAULT '{}',
      "rewatches" integer NOT NULL DEFAULT 0 CHECK ("rewatches" >= 0),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "anime_id")
    )`);
    await runner.query(`CREATE INDEX "list_entries_user_status" ON "community"."list_entries" ("user_id", "status", "updated_at" DESC)`);
    await runner.query(`CREATE INDEX "list_entries_user_recent" ON "community"."list_entries" ("user_id", "updated_at" DESC)`);
    await runner.query(`CREATE INDEX "list_entries_rated" ON "community"."list_entries" ("anime_id") INCLUDE ("user_rating") WHERE "user_rating" IS NOT NULL`);
    // Written in bursts: no index on the columns an update changes, and room in each page, so an
    // update of a position is a HOT update (no index writes).
    await runner.query(`CREATE TABLE "community"."progress" (
      "user_id" uuid NOT NULL,
      "anime_id" integer NOT NULL REFERENCES "community"."anime_refs" ("id"),
      "episode" integer NOT NULL CHECK ("episode" >= 1),
      "position" double precision NOT NULL CHECK ("position" >= 0),
      "duration" double precision CHECK ("duration" > 0),
      "updated_at" timestamptz NOT NULL,
      PRIMARY KEY ("user_id", "anime_id", "episode")
    ) WITH (fillfactor = 70)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."progress"`);
    await runner.query(`DROP TABLE "community"."list_entries"`);
    await runner.query(`DROP TABLE "community"."anime_refs"`);
  }
}
