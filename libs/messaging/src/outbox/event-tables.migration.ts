import type { MigrationInterface, QueryRunner } from 'typeorm';
import { eventTablesSql } from './outbox-event.entity';

/** The first migration of a service that has no tables of its own yet: its outbox and idempotency record. */
export function eventTablesMigration(schema: string, timestamp: number): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = `CreateEventTables${timestamp}`;

    async up(runner: QueryRunner) {
      for (const statement of eventTablesSql(schema)) await runner.query(statement);
    }

    async down(runner: QueryRunner) {
      await runner.query(`DROP TABLE "${schema}"."processed_events"`);
      await runner.query(`DROP TABLE "${schema}"."outbox"`);
    }
  };
}

/**
 * The relay's claim on pending rows (OutboxRelay): a pass claims its rows in one statement and enqueues
 * them with no transaction open, so the claim is a column with an end, not a row lock.
 */
export function outboxClaimMigration(schema: string, timestamp: number): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = `AddOutboxClaim${timestamp}`;

    async up(runner: QueryRunner) {
      await runner.query(`ALTER TABLE "${schema}"."outbox" ADD COLUMN IF NOT EXISTS "claimed_until" timestamptz`);
    }

    async down(runner: QueryRunner) {
      await runner.query(`ALTER TABLE "${schema}"."outbox" DROP COLUMN "claimed_until"`);
    }
  };
}
