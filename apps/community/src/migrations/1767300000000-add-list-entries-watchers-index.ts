import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Who has a title in a given list (the viewers told of its new episodes): one index range, not a scan. */
export class AddListEntriesWatchersIndex1767300000000 implements MigrationInterface {
  name = 'AddListEntriesWatchersIndex1767300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX "list_entries_title_status" ON "community"."list_entries" ("anime_id", "status")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "community"."list_entries_title_status"`);
  }
}
