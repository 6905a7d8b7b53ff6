import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AMV_DURATION_MAX, AMV_TITLE_MAX } from '@portal/contracts';

/** AMV clips, their likes and the personal AMV playlists (docs/community.md, «AMV»). */
export class CreateAmv1764900000000 implements MigrationInterface {
  name = 'CreateAmv1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    // `letter` (the letter bar's key, «#» for digits) and `search_text` (normalised title, author,
    // music and tags for pg_trgm) are derived from the row by the service on every write.
    // A video is either an upload (its file id, then the HLS rendition once transcoded) or an embed.
    await runner.query(`CREATE TABLE "community"."amv" (
      "id" uuid PRIMARY KEY,
      "title" text NOT NULL CHECK (char_length("title") BETWEEN 1 AND ${AMV_TITLE_MAX}),
      "sort_title" text NOT NULL,
      "letter" text,
      "author" text NOT NULL,
      "anime_ids" integer[] NOT NULL DEFAULT '{}',
      "music_artist" text,
      "music_track" text,
      "duration_seconds" integer NOT NULL CHECK ("duration_seconds" BETWEEN 1 AND ${AMV_DURATION_MAX}),
      "tags" text[] NOT NULL DEFAULT '{}',
      "views" integer NOT NULL DEFAULT 0 CHECK ("views" >= 0),
      "likes" integer NOT NULL DEFAULT 0 CHECK ("likes" >= 0),
      "upload_id" text,
      "hls_path" text,
      "embed_url" text,
      "search_text" text NOT NULL,
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CHECK (("upload_id" IS NULL) <> ("embed_url" IS NULL))
    )`);
    // The listing's order (title, then id) overall and within a letter.
    await runner.query(`CREATE INDEX "amv_order" ON "community"."amv" ("sort_title" COLLATE "C", "id")`);
    await runner.query(`CREATE INDEX "amv_letter_order" ON "community"."amv" ("letter", "sort_title" COLLATE "C", "id")`);
    await runner.query(`CREATE TABLE "community"."amv_likes" (
      "amv_id" uuid NOT NULL REFERENCES "community"."amv" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("amv_id", "user_id")
    )`);
    // One row per AMV in a user's playlist; `position` orders it (rewritten whole on a reorder).
    await runner.query(`CREATE TABLE "community"."amv_playlist" (
      "user_id" uuid NOT NULL,
      "amv_id" uuid NOT NULL REFERENCES "community"."amv" ("id") ON DELETE CASCADE,
      "position" integer NOT NULL,
      "added_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "amv_id")
    )`);
    await runner.query(`CREATE INDEX "amv_playlist_order" ON "community"."amv_playlist" ("user_id", "position")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."amv_playlist"`);
    await runner.query(`DROP TABLE "community"."amv_likes"`);
    await runner.query(`DROP TABLE "community"."amv"`);
  }
}
