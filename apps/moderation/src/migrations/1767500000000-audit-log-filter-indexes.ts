import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Indexes for the audit log's filters (event, actor, subject), each newest first as the list is read. */
export class AuditLogFilterIndexes1767500000000 implements MigrationInterface {
  name = 'AuditLogFilterIndexes1767500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX IF NOT EXISTS "audit_log_event_occurred_idx" ON "moderation"."audit_log" ("event_name", "occurred_at" DESC)`);
    await runner.query(
      `CREATE INDEX IF NOT EXISTS "audit_log_actor_occurred_idx" ON "moderation"."audit_log" ("actor_id", "occurred_at" DESC) WHERE "actor_id" IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX IF NOT EXISTS "audit_log_subject_occurred_idx" ON "moderation"."audit_log" ("subject_user_id", "occurred_at" DESC) WHERE "subject_user_id" IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS "moderation"."audit_log_subject_occurred_idx"`);
    await runner.query(`DROP INDEX IF EXISTS "moderation"."audit_log_actor_occurred_idx"`);
    await runner.query(`DROP INDEX IF EXISTS "moderation"."audit_log_event_occurred_idx"`);
  }
}
