import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesSql } from '@portal/messaging';

export class CreateChat1763942400000 implements MigrationInterface {
  name = 'CreateChat1763942400000';

  async up(runner: QueryRunner): Promise<void> {
    // A bigserial id is the page cursor: ids grow with time, so "older than id" is one index range.
    await runner.query(`CREATE TABLE "chat"."messages" (
      "id" bigserial PRIMARY KEY,
      "user_id" uuid,
      "username" text NOT NULL,
      "avatar" text,
      "message" text NOT NULL CHECK (length("message") BETWEEN 1 AND 500),
      "is_system" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "deleted_at" timestamptz
    )`);
    await runner.query(`CREATE INDEX "messages_visible" ON "chat"."messages" ("id" DESC) WHERE "deleted_at" IS NULL`);
    for (const statement of eventTablesSql('chat')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "chat"."processed_events"`);
    await runner.query(`DROP TABLE "chat"."outbox"`);
    await runner.query(`DROP TABLE "chat"."messages"`);
  }
}
