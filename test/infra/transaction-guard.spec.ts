import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { of } from 'rxjs';
import type { DataSource } from 'typeorm';
import type { ClientProxy } from '@nestjs/microservices';
import {
  assertNoOpenTransaction,
  inOpenTransaction,
  OpenTransactionError,
  openDataSource,
  reportOpenTransactionsTo,
  setTransactionGuardMode,
  takeOpenTransactionViolations,
  transactionGuardMode,
} from '@portal/db';
import { bullPrefix, closeWithConnection, RpcClient } from '@portal/messaging';
import { TelegramBotApiClient } from '../../apps/auth/src/telegram/bot-api/telegram-bot-api.client';
import { ownRedisPrefix } from '../auth/auth-test-kit';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

/**
 * The rule «no remote call inside an open transaction» enforces itself (libs/db/src/transaction-scope.ts,
 * docs/architecture.md): an RPC, a queue add or an HTTP call made while a real PostgreSQL transaction is
 * open fails in tests (and in development), and the same call after the commit goes through.
 */
describe('the open-transaction guard', () => {
  let db: ScratchDatabase;
  let dataSource: DataSource;
  let connection: Redis;
  let queue: Queue;
  /** What the RPC transport was asked to send: a call the guard refused never reaches it. */
  const sent: string[] = [];
  const rpc = new RpcClient(
    {
      send: ((pattern: string) => {
        sent.push(pattern);
        return of({ id: 1, genres: ['Драма'] });
      }) as unknown as ClientProxy['send'],
    },
    1000,
  );
  const ask = () => rpc.send('catalogue.anime.get', { id: 1 }, { requestId: randomUUID() });

  beforeAll(async () => {
    reportOpenTransactionsTo(() => undefined); // the refusals below are meant: no error lines in the run's output
    db = await createScratchDatabase();
    dataSource = await openDataSource({ url: db.url, schema: 'guard_test', entities: [], migrations: [] }, false);
    await dataSource.query('CREATE SCHEMA IF NOT EXISTS guard_test');
    await dataSource.query('CREATE TABLE guard_test.rows (id int PRIMARY KEY)');
    connection = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: null });
    queue = new Queue('guard-test', { connection, prefix: bullPrefix(ownRedisPrefix('guard').REDIS_KEY_PREFIX) });
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    if (queue) await closeWithConnection(queue, connection);
    await dataSource?.destroy();
    await db?.drop();
  });

  afterEach(() => {
    sent.length = 0;
    setTransactionGuardMode(undefined);
  });

  it('is on for the whole jest run (jest sets NODE_ENV=test, the spawned services get it too): test and development refuse', () => {
    expect(transactionGuardMode()).toBe('throw');
    expect(transactionGuardMode('development')).toBe('throw');
    expect(transactionGuardMode(undefined)).toBe('throw');
    expect(transactionGuardMode('production')).toBe('log');
  });

  it('refuses an RPC inside a transaction, rolls the transaction back, and lets the same call through after the commit', async () => {
    const attempt = dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO guard_test.rows (id) VALUES (1)');
      return ask();
    });
    await expect(attempt).rejects.toThrow(OpenTransactionError);
    await expect(attempt).rejects.toThrow(
      'RPC catalogue.anime.get awaited inside an open database transaction: fetch first, then open the transaction, or do it after commit',
    );
    expect(sent).toEqual([]);
    expect(await db.query('SELECT id FROM guard_test.rows WHERE id = 1')).toEqual([]);
    expect(takeOpenTransactionViolations()).toHaveLength(1);

    // Fetch first, then open the transaction.
    const anime = await ask();
    await dataSource.transaction((manager) => manager.query('INSERT INTO guard_test.rows (id) VALUES (1)'));
    expect(anime.genres).toEqual(['Драма']);
    expect(sent).toEqual(['catalogue.anime.get']);
    expect(await db.query('SELECT id FROM guard_test.rows WHERE id = 1')).toEqual([{ id: 1 }]);
  });

  it('refuses a BullMQ add inside a transaction (with an isolation level too) and adds it after the commit', async () => {
    const jobId = `guarded-${randomUUID()}`;
    await expect(dataSource.transaction('SERIALIZABLE', () => queue.add('job', { n: 1 }, { jobId }))).rejects.toThrow(
      'BullMQ add to guard-test awaited inside an open database transaction',
    );
    await expect(dataSource.transaction(() => queue.addBulk([{ name: 'job', data: { n: 2 } }]))).rejects.toThrow(OpenTransactionError);
    expect(await queue.getJob(jobId)).toBeUndefined();
    expect(await queue.count()).toBe(0);
    expect(takeOpenTransactionViolations()).toHaveLength(2);

    await dataSource.transaction((manager) => manager.query('SELECT 1'));
    await queue.add('job', { n: 1 }, { jobId });
    expect((await queue.getJob(jobId))?.data).toEqual({ n: 1 });
  });

  it('refuses an HTTP call of our clients inside a transaction before anything is sent', async () => {
    const telegram = new TelegramBotApiClient('http://127.0.0.1:9', 'token');
    await expect(dataSource.transaction(() => telegram.getMe())).rejects.toThrow('HTTP Telegram Bot API getMe awaited inside an open database transaction');
    expect(takeOpenTransactionViolations()).toHaveLength(1);
    // Outside, the call is made (and fails on the closed port, which is not the guard).
    const outside = await telegram.getMe().catch((error: unknown) => error);
    expect(outside).not.toBeInstanceOf(OpenTransactionError);
  });

  it('covers the manager’s transactions, nested ones and the callback only: work started inside that runs after the commit is outside', async () => {
    let later: Promise<void> | undefined;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await dataSource.manager.transaction(async (manager) => {
      expect(inOpenTransaction()).toBe(true);
      await manager.transaction(async () => expect(inOpenTransaction()).toBe(true));
      // Still inside the outer one after the nested one ended.
      expect(inOpenTransaction()).toBe(true);
      later = gate.then(() => ask()).then(() => undefined);
    });
    expect(inOpenTransaction()).toBe(false);
    release();
    await later;
    expect(sent).toEqual(['catalogue.anime.get']);
  });

  it('fails the test even when the caller swallows the refusal (jest setup reads the kept violations)', async () => {
    const swallowed = await dataSource.transaction(() => ask().catch(() => null));
    expect(swallowed).toBeNull();
    const kept = takeOpenTransactionViolations();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toBeInstanceOf(OpenTransactionError);
  });

  it('in production lets the call go on and logs each call site once', async () => {
    setTransactionGuardMode('log');
    const logged: OpenTransactionError[] = [];
    reportOpenTransactionsTo((error) => logged.push(error));
    try {
      const site = () => assertNoOpenTransaction('RPC test.site');
      await dataSource.transaction(async () => {
        for (let call = 0; call < 3; call++) site();
        await ask();
      });
      expect(sent).toEqual(['catalogue.anime.get']);
      expect(logged.map((error) => error.what)).toEqual(['RPC test.site', 'RPC catalogue.anime.get']);
      expect(takeOpenTransactionViolations()).toEqual([]);
    } finally {
      reportOpenTransactionsTo(() => undefined);
      setTransactionGuardMode(undefined);
    }
  });
});
