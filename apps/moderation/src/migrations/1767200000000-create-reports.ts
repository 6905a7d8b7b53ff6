import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports and their cases (docs/moderation.md): one open case per target (the partial unique index
 * makes two first reports meet in one), one report per reporter in a case. The audit log records
 * admins' actions too: who acted, and the subject only when there is one.
 */
export class CreateReports1767200000000 implements MigrationInterface {
  name = 'CreateReports1767200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "moderation"."report_cases" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "target_type" text NOT NULL,
      "target_id" text NOT NULL,
      "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'resolved', 'rejected')),
      "snapshot" jsonb NOT NULL,
      "reports_count" integer NOT NULL DEFAULT 0,
      "held" boolean NOT NULL DEFAULT false,
      "first_reported_at" timestamptz NOT NULL DEFAULT now(),
      "last_reported_at" timestamptz NOT NULL DEFAULT now(),
      "action" text,
      "content_deleted" boolean NOT NULL DEFAULT false,
      "decision_note" text,
      "decided_by" uuid,
      "decided_at" timestamptz
    )`);
    await runner.query(
      `CREATE UNIQUE INDEX "report_cases_open_target_key" ON "moderation"."report_cases" ("target_type", "target_id") WHERE "status" = 'open'`,
    );
    await runner.query(`CREATE INDEX "report_cases_newest_idx" ON "moderation"."report_cases" ("status", "last_reported_at" DESC, "id")`);
    await runner.query(`CREATE INDEX "report_cases_most_idx" ON "moderation"."report_cases" ("status", "reports_count" DESC, "last_reported_at" DESC, "id")`);
    await runner.query(`CREATE TABLE "moderation"."reports" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "case_id" uuid NOT NULL REFERENCES "moderation"."report_cases" ("id") ON DELETE CASCADE,
      "reporter_id" uuid NOT NULL,
      "reporter_username" text NOT NULL,
      "reason" text NOT NULL,
      "text" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      UNIQUE ("case_id", "reporter_id")
    )`);
    await runner.query(`ALTER TABLE "moderation"."audit_log" ALTER COLUMN "subject_user_id" DROP NOT NULL`);
    await runner.query(`ALTER TABLE "moderation"."audit_log" ADD COLUMN "actor_id" uuid`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "moderation"."audit_log" DROP COLUMN "actor_id"`);
    await runner.query(`DROP TABLE "moderation"."reports"`);
    await runner.query(`DROP TABLE "moderation"."report_cases"`);
  }
}
