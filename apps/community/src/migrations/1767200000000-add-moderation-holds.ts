import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Content the moderation service put on hold (docs/moderation.md, «Automatic holds»): hidden from all but its author and admins. */
export class AddModerationHolds1767200000000 implements MigrationInterface {
  name = 'AddModerationHolds1767200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "community"."comments" ADD COLUMN "held" boolean NOT NULL DEFAULT false`);
    await runner.query(`ALTER TABLE "community"."reviews" ADD COLUMN "held" boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "community"."reviews" DROP COLUMN "held"`);
    await runner.query(`ALTER TABLE "community"."comments" DROP COLUMN "held"`);
  }
}
