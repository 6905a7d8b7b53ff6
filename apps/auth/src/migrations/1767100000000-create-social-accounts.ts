import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in accounts of other sites (VK ID) linked to a user: one per provider account and one per user. */
export class CreateSocialAccounts1767100000000 implements MigrationInterface {
  name = 'CreateSocialAccounts1767100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "auth"."social_accounts" (
      "provider" text NOT NULL CHECK ("provider" IN ('vk')),
      "provider_user_id" text NOT NULL,
      "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("provider", "provider_user_id")
    )`);
    await runner.query(`CREATE UNIQUE INDEX "social_accounts_user_unique" ON "auth"."social_accounts" ("user_id", "provider")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."social_accounts"`);
  }
}
