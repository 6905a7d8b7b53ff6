import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-title counts fed by the community service's list and rating events (see docs/community.md). */
export class CreateListStats1764115200000 implements MigrationInterface {
  name = 'CreateListStats1764115200000';

  async up(runner: QueryRunner): Promise<void> {
    // No foreign key to anime: an event may arrive for a title deleted meanwhile. Counts are sums of
    // deltas, so they may dip below zero for a moment when two events of one entry arrive out of order.
    await runner.query(`CREATE TABLE "catalogue"."anime_list_stats" (
      "anime_id" integer PRIMARY KEY,
      "planned" integer NOT NULL DEFAULT 0,
      "watching" integer NOT NULL DEFAULT 0,
      "completed" integer NOT NULL DEFAULT 0,
      "on_hold" integer NOT NULL DEFAULT 0,
      "dropped" integer NOT NULL DEFAULT 0,
      "rewatching" integer NOT NULL DEFAULT 0,
      ${Array.from({ length: 10 }, (_, index) => `"score_${index + 1}" integer NOT NULL DEFAULT 0`).join(',\n      ')},
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "catalogue"."anime_list_stats"`);
  }
}
