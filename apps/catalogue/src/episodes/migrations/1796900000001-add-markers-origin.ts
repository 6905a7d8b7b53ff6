import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where an episode's opening and ending came from: `detected` by audio fingerprints, or `manual` (never overwritten by detection). */
export class AddMarkersOrigin1796900000001 implements MigrationInterface {
  name = 'AddMarkersOrigin1796900000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "catalogue"."episodes" ADD COLUMN "markers_origin" text CHECK ("markers_origin" IN ('detected', 'manual'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "catalogue"."episodes" DROP COLUMN "markers_origin"`);
  }
}
