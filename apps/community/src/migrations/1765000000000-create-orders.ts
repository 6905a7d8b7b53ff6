import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ORDER_NOTE_MAX, ORDER_OPEN_STATUSES, ORDER_REASON_MAX, ORDER_STATUSES, ORDER_TITLE_MAX, ORDER_TITLE_MIN } from '@portal/contracts';

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(', ')})`;
const OPEN = `"status" IN ${list(ORDER_OPEN_STATUSES)}`;

/** The order desk: requests and their votes (docs/community.md, «Order desk»). */
export class CreateOrders1765000000000 implements MigrationInterface {
  name = 'CreateOrders1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    // `anime_id` is null for a title the catalogue lacks (an admin links it, at the latest on release);
    // `title_key` is the lower-cased, space-collapsed name two requests are compared by.
    // `votes` counts order_votes, changed in the transaction of each vote.
    await runner.query(`CREATE TABLE "community"."orders" (
      "id" uuid PRIMARY KEY,
      "anime_id" integer REFERENCES "community"."anime_refs" ("id"),
      "title" text NOT NULL CHECK (char_length("title") BETWEEN ${ORDER_TITLE_MIN} AND ${ORDER_TITLE_MAX}),
      "title_key" text NOT NULL,
      "note" text NOT NULL DEFAULT '' CHECK (char_length("note") <= ${ORDER_NOTE_MAX}),
      "author_id" uuid NOT NULL,
      "status" text NOT NULL DEFAULT 'requested' CHECK ("status" IN ${list(ORDER_STATUSES)}),
      "rejection_reason" text CHECK (char_length("rejection_reason") <= ${ORDER_REASON_MAX}),
      "votes" integer NOT NULL DEFAULT 0 CHECK ("votes" >= 0),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "status_changed_by" uuid,
      CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL)),
      CHECK ("status" <> 'released' OR "anime_id" IS NOT NULL)
    )`);
    // One open request per title: concurrent duplicates meet here, and the loser becomes a vote.
    await runner.query(`CREATE UNIQUE INDEX "orders_open_anime" ON "community"."orders" ("anime_id") WHERE ${OPEN} AND "anime_id" IS NOT NULL`);
    await runner.query(`CREATE UNIQUE INDEX "orders_open_title" ON "community"."orders" ("title_key") WHERE ${OPEN}`);
    // The list's two orders (all statuses, or one) and the per-author open count.
    await runner.query(`CREATE INDEX "orders_votes" ON "community"."orders" ("status", "votes" DESC, "created_at" DESC, "id")`);
    await runner.query(`CREATE INDEX "orders_date" ON "community"."orders" ("status", "created_at" DESC, "id")`);
    await runner.query(`CREATE INDEX "orders_author_open" ON "community"."orders" ("author_id") WHERE ${OPEN}`);
    await runner.query(`CREATE TABLE "community"."order_votes" (
      "order_id" uuid NOT NULL REFERENCES "community"."orders" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("order_id", "user_id")
    )`);
    await runner.query(`CREATE INDEX "order_votes_user" ON "community"."order_votes" ("user_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."order_votes"`);
    await runner.query(`DROP TABLE "community"."orders"`);
  }
}
