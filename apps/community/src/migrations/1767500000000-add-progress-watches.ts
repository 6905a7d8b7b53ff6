import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Watched episodes as the player's progress proves them (docs/rewards.md, «Points and ranks»): when a
 * user first reported a position in an episode, and whether the episode was announced as watched
 * (community.episode.watched, once per user, title and episode). Kept when the position is deleted.
 */
export class AddProgressWatches1767500000000 implements MigrationInterface {
  name = 'AddProgressWatches1767500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "community"."progress_watches" (
      "user_id" uuid NOT NULL,
      "anime_id" integer NOT NULL,
      "episode" integer NOT NULL,
      "first_at" timestamptz NOT NULL,
      "watched_at" timestamptz,
      -- The report that proved it (or the first one): position and duration in seconds.
      "position" float8 NOT NULL,
      "duration" float8,
      PRIMARY KEY ("user_id", "anime_id", "episode")
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "community"."progress_watches"`);
  }
}
