import type { MigrationInterface, QueryRunner } from 'typeorm';

/** In-app notifications (docs/community.md, «Notifications»). */
export class CreateNotifications1764500000000 implements MigrationInterface {
  name = 'CreateNotifications1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    // `kind` is open text (the kinds are NOTIFICATION_KINDS in contracts; a new feature adds one
    // without a migration). `actors`: the most recent actors [{ id, username }], newest first, capped;
    // `actor_count`: how many different users acted on a grouped notification.
    await runner.query(`CREATE TABLE "community"."notifications" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "kind" text NOT NULL,
      "group_key" text,
      "actors" jsonb NOT NULL DEFAULT '[]',
      "actor_count" integer NOT NULL DEFAULT 0 CHECK ("actor_count" >= 0),
      "target" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "read_at" timestamptz
    )`);
    // The unread count and the unread list (read_at IS NULL), and the whole list newest first.
    await runner.query(`CREATE INDEX "notifications_user_unread" ON "community"."notifications" ("user_id", "read_at", "updated_at" DESC)`);
    await runner.query(`CREATE INDEX "notifications_user_recent" ON "community"."notifications" ("user_id", "updated_at" DESC, "id" DESC)`);
    // Grouping: at most one unread notification per (user, group); a read one no longer takes part,
    // so the next event of the group starts a new notification.
    await runner.query(`CREATE UNIQUE INDEX "notifications_unread_group" ON "community"."notifications" ("user_id", "group_key") WHERE "read_at" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."notifications"`);
  }
}
