import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesSql } from '@portal/messaging';

export class CreateUsers1763769600000 implements MigrationInterface {
  name = 'CreateUsers1763769600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "auth"."users" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "username" text NOT NULL,
      "email" text NOT NULL,
      "password_hash" text NOT NULL,
      "display_name" text NOT NULL,
      "avatar" text,
      "profile_banner" text,
      "is_animated_avatar" boolean NOT NULL DEFAULT false,
      "is_animated_banner" boolean NOT NULL DEFAULT false,
      "user_group" text NOT NULL DEFAULT 'user' CHECK ("user_group" IN ('user', 'moderator', 'admin')),
      "is_admin" boolean NOT NULL DEFAULT false,
      "rank" text NOT NULL DEFAULT 'новичок',
      "skip_opening" boolean NOT NULL DEFAULT false,
      "skip_ending" boolean NOT NULL DEFAULT false,
      "telegram_user_id" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // Uniqueness is case-insensitive and enforced by the database, so concurrent sign-ups cannot both win.
    await runner.query(`CREATE UNIQUE INDEX "users_username_unique" ON "auth"."users" (lower("username"))`);
    await runner.query(`CREATE UNIQUE INDEX "users_email_unique" ON "auth"."users" (lower("email"))`);
    for (const statement of eventTablesSql('auth')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."processed_events"`);
    await runner.query(`DROP TABLE "auth"."outbox"`);
    await runner.query(`DROP TABLE "auth"."users"`);
  }
}
