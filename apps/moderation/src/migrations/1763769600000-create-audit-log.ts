import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesSql } from '@portal/messaging';

export class CreateAuditLog1763769600000 implements MigrationInterface {
  name = 'CreateAuditLog1763769600000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of eventTablesSql('moderation')) await runner.query(statement);
    await runner.query(`CREATE TABLE "moderation"."audit_log" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "event_id" uuid NOT NULL UNIQUE,
      "event_name" text NOT NULL,
      "subject_user_id" uuid NOT NULL,
      "details" jsonb NOT NULL,
      "occurred_at" timestamptz NOT NULL
    )`);
    await runner.query(`CREATE INDEX "audit_log_occurred_idx" ON "moderation"."audit_log" ("occurred_at" DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "moderation"."audit_log"`);
    await runner.query(`DROP TABLE "moderation"."processed_events"`);
    await runner.query(`DROP TABLE "moderation"."outbox"`);
  }
}
