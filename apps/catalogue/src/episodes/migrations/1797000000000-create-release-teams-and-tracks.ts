import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Release teams and the voice-overs and subtitles of uploaded episodes (docs/media.md, «Voice-overs and
 * subtitles added later»). A track is a stream of the source (`source`, recorded when the episode is
 * first published) or a file added later (`added`), processed by the `catalogue-episode-tracks` queue.
 * An episode's master playlist is rewritten as a new revision whenever its added tracks change:
 * `master_revision` is the last one taken, `master_applied_revision` the one `hls_url` points to.
 */
export class CreateReleaseTeamsAndTracks1797000000000 implements MigrationInterface {
  name = 'CreateReleaseTeamsAndTracks1797000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "catalogue"."release_teams" (
      "id" serial PRIMARY KEY,
      "name" text NOT NULL CHECK (length(btrim("name")) > 0),
      "kind" text NOT NULL CHECK ("kind" IN ('voice', 'subtitles')),
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE UNIQUE INDEX "release_teams_name_kind" ON "catalogue"."release_teams" (lower("name"), "kind")`);
    await runner.query(`CREATE TABLE "catalogue"."episode_tracks" (
      "id" uuid PRIMARY KEY,
      "anime_id" integer NOT NULL,
      "number" integer NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('audio', 'subtitles')),
      "team_id" integer REFERENCES "catalogue"."release_teams" ("id"),
      "name" text NOT NULL,
      "language" text,
      "origin" text NOT NULL CHECK ("origin" IN ('source', 'added')),
      "stream_index" integer,
      "state" text NOT NULL DEFAULT 'processing' CHECK ("state" IN ('processing', 'ready', 'failed')),
      "error" text,
      "upload_key" text,
      "uri" text,
      "bandwidth" integer,
      "average_bandwidth" integer,
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY ("anime_id", "number") REFERENCES "catalogue"."episodes" ("anime_id", "number") ON DELETE CASCADE,
      CHECK (("origin" = 'source') = ("stream_index" IS NOT NULL))
    )`);
    await runner.query(
      `CREATE UNIQUE INDEX "episode_tracks_team" ON "catalogue"."episode_tracks" ("anime_id", "number", "kind", "team_id") WHERE "team_id" IS NOT NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX "episode_tracks_source_stream" ON "catalogue"."episode_tracks" ("anime_id", "number", "stream_index") WHERE "origin" = 'source'`,
    );
    await runner.query(`CREATE INDEX "episode_tracks_by_team" ON "catalogue"."episode_tracks" ("team_id", "anime_id") WHERE "state" = 'ready'`);
    await runner.query(`ALTER TABLE "catalogue"."episodes"
      ADD COLUMN "master_revision" integer NOT NULL DEFAULT 0,
      ADD COLUMN "master_applied_revision" integer NOT NULL DEFAULT 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "catalogue"."episodes" DROP COLUMN "master_revision", DROP COLUMN "master_applied_revision"`);
    await runner.query(`DROP TABLE "catalogue"."episode_tracks"`);
    await runner.query(`DROP TABLE "catalogue"."release_teams"`);
  }
}
