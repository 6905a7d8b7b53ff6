import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { SqlRunner } from './1766500000000-create-rankings';

/**
 * How many users hold each value above 0 on each ranking board (docs/community.md, «Rankings»): a
 * viewer's place is one more than the sum above their value, a few hundred rows at most whatever the
 * number of users (counting the users above in ranking_counters took 100 ms at the bottom of a board
 * of 100,000, docs/PERFORMANCE.md).
 */
export class CreateRankingValueCounts1766600000000 implements MigrationInterface {
  name = 'CreateRankingValueCounts1766600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "community"."ranking_value_counts" (
      "board" text NOT NULL,
      "value" integer NOT NULL CHECK ("value" > 0),
      "users" integer NOT NULL,
      PRIMARY KEY ("board", "value")
    )`);
    await backfillRankingValueCounts(runner);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."ranking_value_counts"`);
  }
}

/** Fills the empty table from ranking_counters (exported for the test and the benchmark). */
export async function backfillRankingValueCounts(runner: SqlRunner): Promise<void> {
  await runner.query(`INSERT INTO "community"."ranking_value_counts" ("board", "value", "users")
    SELECT "board", "value", count(*) FROM "community"."ranking_counters" WHERE "value" > 0 GROUP BY "board", "value"`);
}
