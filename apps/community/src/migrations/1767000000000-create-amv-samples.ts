import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sample AMVs registered so far (docs/community.md, «AMV»): a sample is added once per database,
 * so one an admin deleted does not come back at the next boot.
 */
export class CreateAmvSamples1767000000000 implements MigrationInterface {
  name = 'CreateAmvSamples1767000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "community"."amv_samples" (
      "id" uuid PRIMARY KEY,
      "registered_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // Samples are the only AMVs without an author account (an admin's have `created_by`).
    await runner.query(`INSERT INTO "community"."amv_samples" ("id") SELECT "id" FROM "community"."amv" WHERE "created_by" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."amv_samples"`);
  }
}
