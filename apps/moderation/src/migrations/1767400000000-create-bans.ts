import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bans and restrictions (docs/moderation.md, «Bans»): every warning and ban a user got (the count of
 * earlier bans drives the escalation), chat mutes, and IP bans. Redis holds the active ones for the
 * gateway; these tables are the record and what Redis is rebuilt from.
 */
export class CreateBans1767400000000 implements MigrationInterface {
  name = 'CreateBans1767400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "moderation"."user_bans" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('warning', 'read-only', 'full')),
      "reason" text NOT NULL,
      "until" timestamptz,
      "admin_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "lifted_at" timestamptz,
      "lifted_by" uuid
    )`);
    await runner.query(`CREATE INDEX "user_bans_user_idx" ON "moderation"."user_bans" ("user_id", "created_at" DESC)`);
    await runner.query(`CREATE TABLE "moderation"."chat_mutes" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "reason" text NOT NULL,
      "until" timestamptz NOT NULL,
      "admin_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "lifted_at" timestamptz,
      "lifted_by" uuid
    )`);
    await runner.query(`CREATE INDEX "chat_mutes_user_idx" ON "moderation"."chat_mutes" ("user_id", "created_at" DESC)`);
    await runner.query(`CREATE TABLE "moderation"."ip_bans" (
      "ip" text PRIMARY KEY,
      "reason" text NOT NULL,
      "until" timestamptz,
      "admin_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "moderation"."ip_bans"`);
    await runner.query(`DROP TABLE "moderation"."chat_mutes"`);
    await runner.query(`DROP TABLE "moderation"."user_bans"`);
  }
}
