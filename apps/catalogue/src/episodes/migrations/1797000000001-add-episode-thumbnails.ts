import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An uploaded episode's seek thumbnails: its WebVTT track, relative to MEDIA_DIR (null: none, as for samples). */
export class AddEpisodeThumbnails1797000000001 implements MigrationInterface {
  name = 'AddEpisodeThumbnails1797000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "catalogue"."episodes" ADD COLUMN "thumbnails_path" text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "catalogue"."episodes" DROP COLUMN "thumbnails_path"`);
  }
}
