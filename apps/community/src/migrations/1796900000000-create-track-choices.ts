import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The voice-over and subtitles each viewer chose per title (docs/community.md, «Voice-over and
 * subtitles»): by the HLS rendition's name (the team). A null subtitles name is «turned off».
 */
export class CreateTrackChoices1796900000000 implements MigrationInterface {
  name = 'CreateTrackChoices1796900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "community"."track_choices" (
      "user_id" uuid NOT NULL,
      "anime_id" integer NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('audio', 'subtitles')),
      "name" text CHECK ("name" IS NOT NULL OR "kind" = 'subtitles'),
      "chosen_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "anime_id", "kind")
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."track_choices"`);
  }
}
