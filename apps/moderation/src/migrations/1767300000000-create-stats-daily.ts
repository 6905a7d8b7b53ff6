import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The site statistics' daily counters (docs/moderation.md, «Statistics»): one row per day and metric,
 * incremented in the transaction that applies an event (its processed_events claim makes a redelivered
 * event count once) or that writes a report, so a statistics request reads at most 90 × metrics rows.
 */
export class CreateStatsDaily1767300000000 implements MigrationInterface {
  name = 'CreateStatsDaily1767300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "moderation"."stats_daily" (
      "day" date NOT NULL,
      "metric" text NOT NULL,
      "value" bigint NOT NULL DEFAULT 0,
      PRIMARY KEY ("day", "metric")
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "moderation"."stats_daily"`);
  }
}
