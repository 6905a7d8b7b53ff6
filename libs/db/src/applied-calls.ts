import type { DataSource, EntitySubscriberInterface, MigrationInterface, QueryRunner, TransactionCommitEvent } from 'typeorm';
import { z } from 'zod';
import { execute, selectRow } from './typed-query';

/**
 * The idempotency record of writes (docs/architecture.md, «Requests»): every transaction committed
 * while a write request runs also records the request's call id, and the run that owns it, in the same
 * transaction. When the replica running a write dies, another replica runs it again only if no row
 * says it committed; and should the first run still be alive (a stalled replica taken for dead), the
 * commit of whichever run comes second fails, so the write never applies twice.
 */
const table = (schema: string) => `"${schema}"."applied_calls"`;

/** The row of a query that only asks whether a call's record is there (or was written). */
const Applied = z.object({ applied: z.literal(1) });

export function appliedCallsMigration(schema: string, timestamp: number): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = `CreateAppliedCalls${timestamp}`;

    async up(runner: QueryRunner) {
      await execute(runner, `CREATE TABLE IF NOT EXISTS ${table(schema)} ("call_id" uuid PRIMARY KEY, "applied_at" timestamptz NOT NULL DEFAULT now())`);
      await execute(runner, `CREATE INDEX IF NOT EXISTS "applied_calls_at_idx" ON ${table(schema)} ("applied_at")`);
    }

    async down(runner: QueryRunner) {
      await execute(runner, `DROP TABLE ${table(schema)}`);
    }
  };
}

/** Adds the run that owns a call id: a second run of the same call cannot commit. */
export function appliedCallsRunMigration(schema: string, timestamp: number): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = `AddAppliedCallsRun${timestamp}`;

    async up(runner: QueryRunner) {
      await execute(runner, `ALTER TABLE ${table(schema)} ADD COLUMN IF NOT EXISTS "run" uuid`);
    }

    async down(runner: QueryRunner) {
      await execute(runner, `ALTER TABLE ${table(schema)} DROP COLUMN "run"`);
    }
  };
}

/** A write call and the one execution of it that may commit. */
export interface WriteRun {
  callId: string;
  run: string;
}

/** Another execution of the same write call committed first: this one must not. */
export class CallAppliedByAnotherRunError extends Error {
  constructor(readonly callId: string) {
    super(`Write call ${callId} was already committed by another run`);
  }
}

/** Writes the running write's call id and run into each transaction before it commits. */
export class AppliedCallsSubscriber implements EntitySubscriberInterface {
  constructor(
    private readonly schema: string,
    /** The write request this code runs for, if any. */
    private readonly currentWrite: () => WriteRun | undefined,
  ) {}

  async beforeTransactionCommit(event: TransactionCommitEvent) {
    const write = this.currentWrite();
    if (!write) return;
    // The same run may commit several transactions; another run's row makes this commit fail.
    const owned = await selectRow(
      event.queryRunner,
      Applied,
      `INSERT INTO ${table(this.schema)} AS t ("call_id", "run") VALUES ($1, $2)
       ON CONFLICT ("call_id") DO UPDATE SET "run" = EXCLUDED."run" WHERE t."run" = EXCLUDED."run"
       RETURNING 1 AS applied`,
      [write.callId, write.run],
    );
    if (!owned) throw new CallAppliedByAnotherRunError(write.callId);
  }
}

/**
 * For a write committed by a single statement outside a transaction (whose commit the subscriber does
 * not see): a CTE that records the given call ids (a uuid[] parameter) with it.
 */
export function recordCallsCte(schema: string, uuidArrayParam: string): string {
  return `applied AS (INSERT INTO ${table(schema)} ("call_id") SELECT unnest(${uuidArrayParam}::uuid[]) ON CONFLICT DO NOTHING)`;
}

export async function callApplied(dataSource: DataSource, schema: string, callId: string): Promise<boolean> {
  const row = await selectRow(dataSource, Applied, `SELECT 1 AS applied FROM ${table(schema)} WHERE "call_id" = $1`, [callId]);
  return row !== null;
}

/** A call older than any deadline can no longer be retried: its record is not needed. */
export async function pruneAppliedCalls(dataSource: DataSource, schema: string, olderThanSeconds: number): Promise<void> {
  await execute(dataSource, `DELETE FROM ${table(schema)} WHERE "applied_at" < now() - make_interval(secs => $1)`, [olderThanSeconds]);
}
