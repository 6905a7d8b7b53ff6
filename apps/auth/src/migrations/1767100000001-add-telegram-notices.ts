import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The user's opt-in to notices in Telegram (off until they turn it on). */
export class AddTelegramNotices1767100000001 implements MigrationInterface {
  name = 'AddTelegramNotices1767100000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "auth"."users" ADD COLUMN "telegram_notices" boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "auth"."users" DROP COLUMN "telegram_notices"`);
  }
}
