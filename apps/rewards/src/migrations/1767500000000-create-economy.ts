import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The economy (docs/rewards.md, «Points and ranks», «Achievements», «Roulette»): one account per
 * user (the spendable balance, never below 0, and the XP that never decreases), the ledger whose
 * unique `key` makes every credit happen once, the achievements (once per user and key), the
 * roulette's spins, and what the listeners remember: watched days for streaks, the episodes counted
 * towards watching cards, and each title's genres from the catalogue's events.
 */
export class CreateEconomy1767500000000 implements MigrationInterface {
  name = 'CreateEconomy1767500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "rewards"."point_accounts" (
      "user_id" uuid PRIMARY KEY,
      "balance" integer NOT NULL DEFAULT 0 CHECK ("balance" >= 0),
      "xp" integer NOT NULL DEFAULT 0 CHECK ("xp" >= 0),
      "episodes" integer NOT NULL DEFAULT 0,
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "rewards"."point_entries" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "kind" text NOT NULL,
      "amount" integer NOT NULL,
      "key" text NOT NULL UNIQUE,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "point_entries_history_idx" ON "rewards"."point_entries" ("user_id", "created_at" DESC, "id" DESC)`);
    await runner.query(`CREATE INDEX "point_entries_daily_idx" ON "rewards"."point_entries" ("user_id", "kind", "created_at")`);
    await runner.query(`CREATE TABLE "rewards"."achievements" (
      "user_id" uuid NOT NULL,
      "key" text NOT NULL,
      "kind" text NOT NULL,
      "earned_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "key")
    )`);
    await runner.query(`CREATE TABLE "rewards"."spins" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "cost" integer NOT NULL,
      "grant_key" text NOT NULL,
      "card_title" text NOT NULL DEFAULT '',
      "rarity" text NOT NULL DEFAULT '',
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "spins_user_idx" ON "rewards"."spins" ("user_id", "created_at" DESC)`);
    await runner.query(`CREATE TABLE "rewards"."watch_days" (
      "user_id" uuid NOT NULL,
      "day" date NOT NULL,
      PRIMARY KEY ("user_id", "day")
    )`);
    await runner.query(`CREATE TABLE "rewards"."watched_episodes" (
      "user_id" uuid NOT NULL,
      "anime_id" integer NOT NULL,
      "episode" integer NOT NULL,
      "watched_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "anime_id", "episode")
    )`);
    await runner.query(`CREATE TABLE "rewards"."title_genres" (
      "anime_id" integer PRIMARY KEY,
      "genres" text[] NOT NULL DEFAULT '{}'
    )`);
    await runner.query(`CREATE TABLE "rewards"."completed_titles" (
      "user_id" uuid NOT NULL,
      "anime_id" integer NOT NULL,
      PRIMARY KEY ("user_id", "anime_id")
    )`);
    await runner.query(`CREATE TABLE "rewards"."list_sizes" (
      "user_id" uuid PRIMARY KEY,
      "size" integer NOT NULL DEFAULT 0
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'list_sizes',
      'completed_titles',
      'title_genres',
      'watched_episodes',
      'watch_days',
      'spins',
      'achievements',
      'point_entries',
      'point_accounts',
    ]) {
      await runner.query(`DROP TABLE "rewards"."${table}"`);
    }
  }
}
