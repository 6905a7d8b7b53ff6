import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The uploader role an admin gives: may upload and publish episodes (docs/media.md), nothing else of an admin's. */
export class AddUploaderRole1796900000000 implements MigrationInterface {
  name = 'AddUploaderRole1796900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "auth"."users" ADD COLUMN "is_uploader" boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "auth"."users" DROP COLUMN "is_uploader"`);
  }
}
