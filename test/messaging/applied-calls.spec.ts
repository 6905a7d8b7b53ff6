import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  AppliedCallsSubscriber,
  appliedCallsMigration,
  appliedCallsRunMigration,
  CallAppliedByAnotherRunError,
  callApplied,
  openDataSource,
  pruneAppliedCalls,
} from '@portal/db';
import { transportCall } from '@portal/messaging';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

const SCHEMA = 'ledger_test';

/**
 * Issue #15: a write request's call id is committed with the write itself, so a replica taking over
 * the write of a dead one can tell whether anything of it was committed.
 */
describe('the applied-calls record of write requests', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;
  const currentWrite = () => transportCall.currentWriteRun();
  const write = (id: string, run = randomUUID()) => ({ id, kind: 'write' as const, run });
  const insertNote = (text: string) => dataSource.transaction((manager) => manager.query(`INSERT INTO "${SCHEMA}"."notes" ("text") VALUES ($1)`, [text]));

  beforeAll(async () => {
    database = await createScratchDatabase();
    dataSource = await openDataSource(
      {
        url: database.url,
        schema: SCHEMA,
        entities: [],
        migrations: [appliedCallsMigration(SCHEMA, 1764800000000), appliedCallsRunMigration(SCHEMA, 1764950000000)],
        subscribers: [new AppliedCallsSubscriber(SCHEMA, currentWrite)],
      },
      true,
    );
    await dataSource.query(`CREATE TABLE "${SCHEMA}"."notes" ("text" text PRIMARY KEY)`);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('records a write call in the same transaction as its change', async () => {
    const id = randomUUID();
    await transportCall.run(write(id), () => insertNote('first'));
    expect(await callApplied(dataSource, SCHEMA, id)).toBe(true);
  });

  it('records nothing when the write transaction rolls back', async () => {
    const id = randomUUID();
    await insertNote('taken');
    await expect(transportCall.run(write(id), () => insertNote('taken'))).rejects.toThrow();
    expect(await callApplied(dataSource, SCHEMA, id)).toBe(false);
  });

  it('records a call once across its transactions, and never a read or work outside a call', async () => {
    const writeId = randomUUID();
    await transportCall.run(write(writeId), async () => {
      await insertNote('second');
      await insertNote('third');
    });
    const read = randomUUID();
    await transportCall.run({ id: read, kind: 'read', run: randomUUID() }, () => insertNote('fourth'));
    await insertNote('fifth');
    expect(await callApplied(dataSource, SCHEMA, writeId)).toBe(true);
    expect(await callApplied(dataSource, SCHEMA, read)).toBe(false);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."applied_calls"`)).toEqual([{ n: 2 }]);
  });

  it('lets one run of a call commit: a second run of it (a stalled replica taken for dead) fails to commit and changes nothing', async () => {
    const id = randomUUID();
    const [firstRun, secondRun] = [randomUUID(), randomUUID()];
    await transportCall.run(write(id, firstRun), () => insertNote('once'));
    await expect(transportCall.run(write(id, secondRun), () => insertNote('twice'))).rejects.toBeInstanceOf(CallAppliedByAnotherRunError);
    expect(await dataSource.query(`SELECT "text" FROM "${SCHEMA}"."notes" WHERE "text" IN ('once', 'twice')`)).toEqual([{ text: 'once' }]);
    // The first run may go on committing.
    await transportCall.run(write(id, firstRun), () => insertNote('once more'));
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."notes" WHERE "text" = 'once more'`)).toEqual([{ n: 1 }]);
  });

  it('prunes records older than any deadline', async () => {
    const old = randomUUID();
    await transportCall.run(write(old), () => insertNote('old'));
    const count = async () => (await dataSource.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."applied_calls"`))[0].n as number;
    const before = await count();
    await dataSource.query(`UPDATE "${SCHEMA}"."applied_calls" SET "applied_at" = now() - interval '2 hours' WHERE "call_id" = $1`, [old]);
    await pruneAppliedCalls(dataSource, SCHEMA, 3600);
    expect(await callApplied(dataSource, SCHEMA, old)).toBe(false);
    expect(await count()).toBe(before - 1);
  });
});
