import type { DataSource, EntitySubscriberInterface, MigrationInterface, QueryRunner, TransactionCommitEvent } from 'typeorm';

/**
 * The idempotency record of writes (docs/architecture.md, «Requests»): every transaction committed
 * while a write request runs also records the request's call id, in the same transaction. When the
 * replica running a write dies, another replica runs it again only if no row says it committed.
 */
const table = (schema: string) => `"${schema}"."applied_calls"`;

export function appliedCallsMigration(schema: string, timestamp: number): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = `CreateAppliedCalls${timestamp}`;

    async up(runner: QueryRunner) {
      await runner.query(`CREATE TABLE IF NOT EXISTS ${table(schema)} ("call_id" uuid PRIMARY KEY, "applied_at" timestamptz NOT NULL DEFAULT now())`);
      await runner.query(`CREATE INDEX IF NOT EXISTS "applied_calls_at_idx" ON ${table(schema)} ("applied_at")`);
    }

    async down(runner: QueryRunner) {
      await runner.query(`DROP TABLE ${table(schema)}`);
    }
  };
}

/** Writes the running write's call id into each transaction before it commits. */
export class AppliedCallsSubscriber implements EntitySubscriberInterface {
  constructor(
    private readonly schema: string,
    /** The call id of the write request this code runs for, if any. */
    private readonly currentWrite: () => string | undefined,
  ) {}

  async beforeTransactionCommit(event: TransactionCommitEvent) {
    const callId = this.currentWrite();
    if (!callId) return;
    await event.queryRunner.query(`INSERT INTO ${table(this.schema)} ("call_id") VALUES ($1) ON CONFLICT DO NOTHING`, [callId]);
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
  const rows: unknown[] = await dataSource.query(`SELECT 1 FROM ${table(schema)} WHERE "call_id" = $1`, [callId]);
  return rows.length > 0;
}

/** A call older than any deadline can no longer be retried: its record is not needed. */
export async function pruneAppliedCalls(dataSource: DataSource, schema: string, olderThanSeconds: number): Promise<void> {
  await dataSource.query(`DELETE FROM ${table(schema)} WHERE "applied_at" < now() - make_interval(secs => $1)`, [olderThanSeconds]);
}
