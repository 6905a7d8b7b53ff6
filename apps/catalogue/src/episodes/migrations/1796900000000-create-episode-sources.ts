import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded episodes (docs/media.md, «Uploading episodes»): each upload is a source with its transcode's
 * state; a transcoded source becomes an `upload` episode, unpublished until an uploader publishes it.
 * At most one source of an episode is in work at a time (`episode_sources_in_work`).
 */
export class CreateEpisodeSources1796900000000 implements MigrationInterface {
  name = 'CreateEpisodeSources1796900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "catalogue"."episodes" DROP CONSTRAINT "episodes_origin_check"`);
    await runner.query(`ALTER TABLE "catalogue"."episodes" ADD CONSTRAINT "episodes_origin_check" CHECK ("origin" IN ('samples', 'upload'))`);
    await runner.query(`ALTER TABLE "catalogue"."episodes"
      ADD COLUMN "published" boolean NOT NULL DEFAULT true,
      ADD COLUMN "announced" boolean NOT NULL DEFAULT true,
      ADD COLUMN "source_id" uuid`);
    await runner.query(`CREATE TABLE "catalogue"."episode_sources" (
      "id" uuid PRIMARY KEY,
      "anime_id" integer NOT NULL,
      "number" integer NOT NULL CHECK ("number" > 0),
      "file_name" text NOT NULL,
      "upload_key" text NOT NULL,
      "size_bytes" bigint NOT NULL CHECK ("size_bytes" > 0),
      "duration_seconds" numeric(9,3) NOT NULL CHECK ("duration_seconds" > 0),
      "width" integer NOT NULL CHECK ("width" > 0),
      "height" integer NOT NULL CHECK ("height" > 0),
      "video_codec" text NOT NULL,
      "audio_tracks" jsonb NOT NULL DEFAULT '[]',
      "state" text NOT NULL DEFAULT 'queued' CHECK ("state" IN ('queued', 'transcoding', 'ready', 'failed', 'cancelled')),
      "progress" numeric(5,2) NOT NULL DEFAULT 0 CHECK ("progress" BETWEEN 0 AND 100),
      "eta_seconds" integer,
      "error" text,
      "hls_path" text,
      "qualities" integer[] NOT NULL DEFAULT '{}',
      "attempt" integer NOT NULL DEFAULT 1,
      "created_by" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(
      `CREATE UNIQUE INDEX "episode_sources_in_work" ON "catalogue"."episode_sources" ("anime_id", "number") WHERE "state" IN ('queued', 'transcoding')`,
    );
    await runner.query(`CREATE INDEX "episode_sources_by_anime" ON "catalogue"."episode_sources" ("anime_id", "created_at" DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "catalogue"."episode_sources"`);
    await runner.query(`DELETE FROM "catalogue"."episodes" WHERE "origin" <> 'samples'`);
    await runner.query(`ALTER TABLE "catalogue"."episodes" DROP COLUMN "published", DROP COLUMN "announced", DROP COLUMN "source_id"`);
    await runner.query(`ALTER TABLE "catalogue"."episodes" DROP CONSTRAINT "episodes_origin_check"`);
    await runner.query(`ALTER TABLE "catalogue"."episodes" ADD CONSTRAINT "episodes_origin_check" CHECK ("origin" IN ('samples'))`);
  }
}
