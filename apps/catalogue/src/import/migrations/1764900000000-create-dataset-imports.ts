import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per dataset import that ran to its end. The import at boot runs until there is one: a
 * replica that died half-way leaves titles but no row, so the next boot finishes the job instead of
 * taking a half-filled catalogue for an imported one.
 */
export class CreateDatasetImports1764900000000 implements MigrationInterface {
  name = 'CreateDatasetImports1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "catalogue"."dataset_imports" (
      "id" serial PRIMARY KEY,
      "finished_at" timestamptz NOT NULL DEFAULT now(),
      "report" jsonb NOT NULL
    )`);
    // A catalogue filled before this table existed was imported then; its boot does not import again.
    await runner.query(`INSERT INTO "catalogue"."dataset_imports" ("report") SELECT '{}'::jsonb WHERE EXISTS (SELECT 1 FROM "catalogue"."anime")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "catalogue"."dataset_imports"`);
  }
}
