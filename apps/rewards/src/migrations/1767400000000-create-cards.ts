import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Collectible cards (docs/rewards.md, «Карточки»): the catalogue, the seed registry (a seeded card
 * retired or deleted stays so: seeding runs once per seed key), the collections, and the grants
 * whose unique `key` is the idempotency key that makes a grant happen exactly once.
 */
export class CreateCards1767400000000 implements MigrationInterface {
  name = 'CreateCards1767400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "rewards"."cards" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "title" text NOT NULL,
      "description" text NOT NULL DEFAULT '',
      "rarity" text NOT NULL CHECK ("rarity" IN ('common', 'rare', 'epic', 'legendary')),
      "file" text NOT NULL UNIQUE,
      "weight" integer NOT NULL CHECK ("weight" > 0),
      "retired" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "rewards"."card_seeds" (
      "seed" text PRIMARY KEY,
      "card_id" uuid,
      "seeded_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "rewards"."user_cards" (
      "user_id" uuid NOT NULL,
      "card_id" uuid NOT NULL REFERENCES "rewards"."cards" ("id"),
      "count" integer NOT NULL DEFAULT 1,
      "first_granted_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "card_id")
    )`);
    await runner.query(`CREATE INDEX "user_cards_owners_idx" ON "rewards"."user_cards" ("card_id", "count" DESC, "first_granted_at")`);
    await runner.query(`CREATE TABLE "rewards"."card_grants" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "key" text NOT NULL UNIQUE,
      "user_id" uuid NOT NULL,
      "card_id" uuid NOT NULL REFERENCES "rewards"."cards" ("id"),
      "source" text NOT NULL,
      "duplicate" boolean NOT NULL DEFAULT false,
      "points" integer NOT NULL DEFAULT 0,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "card_grants_user_idx" ON "rewards"."card_grants" ("user_id", "created_at" DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "rewards"."card_grants"`);
    await runner.query(`DROP TABLE "rewards"."user_cards"`);
    await runner.query(`DROP TABLE "rewards"."card_seeds"`);
    await runner.query(`DROP TABLE "rewards"."cards"`);
  }
}
