import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { EVENT_QUEUE_OF, type EventName } from '@portal/contracts';
import { openDataSource } from '@portal/db';
import {
  bullPrefix,
  closeWithConnection,
  EVENT_ENTITIES,
  EventConsumer,
  EventQueues,
  eventTablesMigration,
  outboxClaimMigration,
  OutboxRelay,
  OutboxRepository,
  type RedisOptions,
} from '@portal/messaging';
import { waitFor } from '@portal/testing';
import { ownRedisPrefix } from '../auth/auth-test-kit';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

/** Issue #15: the outbox relay and the event consumer with two replicas of a service. */
const SCHEMA = 'replicas_test';
const EVENT: EventName = 'catalogue.anime.reimported'; // one consumer: the community's queue
const CONSUMER = 'community';
const logger = { debug: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;

/** A gate an enqueue waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The real per-consumer queues, counting what each relay enqueued; `hold` keeps enqueues waiting. */
class CountingQueues extends EventQueues {
  readonly enqueued: string[] = [];
  hold: Promise<void> | undefined;
  entered = 0;

  override async enqueue(...args: Parameters<EventQueues['enqueue']>): Promise<void> {
    this.entered += 1;
    await this.hold;
    await super.enqueue(...args);
    this.enqueued.push(args[3]);
  }
}

describe('two replicas of a service on one outbox and one event queue', () => {
  let db: ScratchDatabase;
  let redisOptions: RedisOptions;
  const dataSources: DataSource[] = [];
  const open = () =>
    openDataSource(
      {
        url: db.url,
        schema: SCHEMA,
        entities: EVENT_ENTITIES,
        migrations: [eventTablesMigration(SCHEMA, 1763769600000), outboxClaimMigration(SCHEMA, 1768100000000)],
      },
      true,
    );

  beforeAll(async () => {
    db = await createScratchDatabase();
    redisOptions = { url: process.env.REDIS_URL as string, keyPrefix: ownRedisPrefix('evrep').REDIS_KEY_PREFIX as string };
    dataSources.push(await open(), await open());
    await dataSources[0].query(`CREATE TABLE "${SCHEMA}"."effects" ("event_id" uuid NOT NULL, "replica" int NOT NULL)`);
  });
  afterAll(async () => {
    for (const dataSource of dataSources) await dataSource.destroy();
    await db.drop();
  });

  /** The consumer's queue as BullMQ keeps it, on a connection of its own. */
  async function withQueue<T>(work: (queue: Queue) => Promise<T>): Promise<T> {
    const connection = new Redis(redisOptions.url, { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUE_OF[CONSUMER], { connection, prefix: bullPrefix(redisOptions.keyPrefix) });
    try {
      return await work(queue);
    } finally {
      await closeWithConnection(queue, connection);
    }
  }

  async function writeEvents(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => randomUUID());
    await dataSources[0].query(
      `INSERT INTO "${SCHEMA}"."outbox" (id, event_name, payload, occurred_at)
       SELECT id, $2, jsonb_build_object('eventId', id, 'occurredAt', now(), 'titles', '[]'::jsonb), clock_timestamp() FROM unnest($1::uuid[]) AS id`,
      [ids, EVENT],
    );
    return ids;
  }

  function relays(on: DataSource[] = dataSources): { relay: OutboxRelay; queues: CountingQueues }[] {
    return on.map((dataSource) => {
      const queues = new CountingQueues(redisOptions);
      return { relay: new OutboxRelay(dataSource, new OutboxRepository(), queues, logger, 'catalogue'), queues };
    });
  }

  const pending = async () => (await db.query(`SELECT count(*)::int AS n FROM "${SCHEMA}"."outbox" WHERE relayed_at IS NULL`))[0].n as number;

  afterEach(async () => {
    await db.query(`DELETE FROM "${SCHEMA}"."outbox"`);
    await withQueue((queue) => queue.obliterate({ force: true }));
  });

  it('relays each event once when two relays drain the same outbox at once', async () => {
    const ids = await writeEvents(250);
    const [a, b] = relays();
    try {
      // A claims a batch and waits in the middle of enqueueing it (no transaction open: its claim is the rows' lease).
      const held = gate();
      a.queues.hold = held.opened;
      const passOfA = a.relay.relayBatch();
      await waitFor(async () => a.queues.entered > 0);
      // B relays everything else meanwhile, never waiting for A's rows and never taking them.
      while ((await b.relay.relayBatch()) > 0);
      held.open();
      expect(await passOfA).toBe(100);
      expect(await a.relay.relayBatch()).toBe(0);

      expect(a.queues.enqueued).toHaveLength(100);
      expect(b.queues.enqueued).toHaveLength(150);
      expect([...a.queues.enqueued, ...b.queues.enqueued].sort()).toEqual([...ids].sort());
      expect(await pending()).toBe(0);
    } finally {
      await Promise.all([a, b].map(({ queues }) => queues.onApplicationShutdown()));
    }
  });

  it('holds no transaction open while it enqueues', async () => {
    await writeEvents(5);
    const [a] = relays([dataSources[0]]);
    try {
      const held = gate();
      a.queues.hold = held.opened;
      const pass = a.relay.relayBatch();
      await waitFor(async () => a.queues.entered > 0);
      const open = await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid()`,
      );
      held.open();
      expect(await pass).toBe(5);
      expect(open[0].n).toBe(0);
      expect(await pending()).toBe(0);
    } finally {
      await a.queues.onApplicationShutdown();
    }
  });

  it('leaves the rows of a relay that dies mid-pass to the other once its claim runs out, and each event is still one job', async () => {
    const ids = await writeEvents(30);
    const dying = await open(); // the pool of the process that dies
    const [a, b] = relays([dying, dataSources[1]]);
    try {
      const held = gate();
      a.queues.hold = held.opened;
      const passOfA = a.relay.relayBatch();
      await waitFor(async () => a.queues.entered > 0);
      // While A's claim lasts, B leaves its rows alone.
      expect(await b.relay.relayBatch()).toBe(0);
      // A's process dies: its connections close; its enqueues reach Redis, its mark never commits.
      await dying.destroy();
      held.open();
      await expect(passOfA).rejects.toThrow();
      expect(a.queues.enqueued).toHaveLength(30);
      expect(await pending()).toBe(30);

      // The claim's lease (OUTBOX_CLAIM_MS) runs out.
      await db.query(`UPDATE "${SCHEMA}"."outbox" SET claimed_until = now() - interval '1 second' WHERE claimed_until IS NOT NULL`);
      while ((await b.relay.relayBatch()) > 0);
      expect(b.queues.enqueued.sort()).toEqual([...ids].sort());
      expect(await pending()).toBe(0);
      // Relayed twice, queued once: the job id is the event id.
      expect(await withQueue((queue) => queue.getJobCountByTypes('waiting'))).toBe(30);
    } finally {
      await Promise.all([a, b].map(({ queues }) => queues.onApplicationShutdown()));
      await dying.destroy().catch(() => undefined);
    }
  });

  it('applies an event once when both replicas run it at the same time (a redelivery while the first is still running)', async () => {
    const held = gate();
    let calls = 0;
    const consumers = dataSources.map((dataSource, replica) => {
      const consumer = new EventConsumer(dataSource, new OutboxRepository(), redisOptions, CONSUMER, logger);
      consumer.on(EVENT, async ({ eventId }, manager) => {
        calls += 1;
        await manager.query(`INSERT INTO "${SCHEMA}"."effects" (event_id, replica) VALUES ($1, $2)`, [eventId, replica]);
        await held.opened;
      });
      return consumer;
    });
    try {
      consumers.forEach((consumer) => consumer.onApplicationBootstrap());
      const eventId = randomUUID();
      const payload = { eventId, occurredAt: new Date().toISOString(), titles: [] };
      await withQueue(async (queue) => {
        await queue.add(EVENT, payload, { jobId: eventId });
        await waitFor(async () => calls === 1);
        // The same event again under another job id, while the first application has not committed.
        const again = await queue.add(EVENT, payload, { jobId: `redelivery-${randomUUID()}` });
        await waitFor(async () => {
          const [{ waiting }] = await db.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return waiting === 1; // its idempotency record waits for the first one's
        });
        held.open();
        await waitFor(async () => (await queue.getJobState(again.id!)) === 'completed');
      });
      expect(calls).toBe(1);
      expect(await db.query(`SELECT event_id FROM "${SCHEMA}"."effects"`)).toEqual([{ event_id: eventId }]);
      expect(await db.query(`SELECT event_id FROM "${SCHEMA}"."processed_events"`)).toEqual([{ event_id: eventId }]);
    } finally {
      held.open();
      await Promise.all(consumers.map((consumer) => consumer.beforeApplicationShutdown()));
    }
  });
});
