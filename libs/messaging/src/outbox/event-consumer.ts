import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { EVENT_QUEUE_OF, type EventName, type EventPayload, type ServiceName } from '@portal/contracts';
import { createRedisClient, REDIS_OPTIONS, type RedisOptions } from '../redis.module';
import { bullPrefix, closeWithConnection } from './event-queues';
import { OutboxRepository } from './outbox.repository';
import { EVENTS_LOGGER, EVENTS_SERVICE } from './outbox.relay';

/**
 * A job's lock, renewed every half of it while its worker lives, and how often every worker looks for
 * jobs whose lock expired (their worker died) to run them again. BullMQ's 30 s and 30 s left a dead
 * replica's events waiting up to a minute (49.6 s measured, test/scale/chaos-worker.spec.ts). Shorter
 * is safe: an event applied twice changes nothing (processed_events), should a busy worker ever lose a
 * lock it still holds.
 */
const JOB_LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;

/**
 * Applies an event inside the consumer's transaction (use `manager` for every write). It may return
 * a function to run once that transaction has committed, e.g. to push what it stored to clients.
 */
type Handler<E extends EventName, P = undefined> = (payload: EventPayload<E>, manager: EntityManager, prepared: P) => Promise<void | (() => void)>;

/**
 * An event handler with work outside its transaction (docs/architecture.md, «No remote call inside a
 * transaction»): `prepare` runs first, with no transaction open, for what needs another service, a
 * queue or the network (asking the catalogue, requesting a card grant); `apply`, if any, then runs in
 * the transaction with the event's `processed_events` claim and gets what `prepare` returned. An event
 * already applied (a redelivery) skips both. A failing `prepare` fails the attempt, which BullMQ retries
 * with nothing committed, so what it does must be safe to do twice (a lookup, an add by job id).
 */
export interface PreparedHandler<E extends EventName, P> {
  prepare: (payload: EventPayload<E>) => Promise<P>;
  apply?: Handler<E, P>;
}

interface Registered {
  prepare?: (payload: never) => Promise<unknown>;
  apply?: Handler<never, unknown>;
}

/**
 * Applies the events queued for this service. Each event runs in one transaction together with its
 * idempotency record, so a redelivered event changes nothing the second time.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly handlers = new Map<string, Registered>();
  private worker: Worker | undefined;
  private connection: Redis | undefined;
  private readonly failureListeners: Array<(eventName: string) => void> = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(EVENTS_SERVICE) private readonly service: ServiceName,
    @Inject(EVENTS_LOGGER) private readonly logger: Logger,
  ) {}

  on<E extends EventName>(name: E, handler: Handler<E>): void;
  on<E extends EventName, P>(name: E, handler: PreparedHandler<E, P>): void;
  on<E extends EventName, P>(name: E, handler: Handler<E> | PreparedHandler<E, P>): void {
    // One handler per event and service: a second would silently replace the first.
    if (this.handlers.has(name)) throw new Error(`${name} already has a handler in this service`);
    this.handlers.set(name, (typeof handler === 'function' ? { apply: handler } : handler) as Registered);
  }

  /** Told of every failed attempt to apply an event (metrics). */
  onFailure(listener: (eventName: string) => void): void {
    this.failureListeners.push(listener);
  }

  /** Whether this service runs a worker on its event queue (it has handlers). */
  get consuming(): boolean {
    return this.worker !== undefined;
  }

  onApplicationBootstrap() {
    if (this.handlers.size === 0) return;
    this.connection = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.worker = new Worker(EVENT_QUEUE_OF[this.service], (job) => this.apply(job), {
      connection: this.connection,
      prefix: bullPrefix(this.options.keyPrefix),
      concurrency: 4,
      lockDuration: JOB_LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'event worker connection error'));
    this.worker.on('failed', (job, error) => {
      this.logger.error({ err: error, event: job?.name, eventId: job?.id }, 'event handler failed');
      for (const listener of this.failureListeners) listener(job?.name ?? 'unknown');
    });
  }

  /** Before any connection closes, so a job being applied can finish. */
  async beforeApplicationShutdown() {
    if (this.worker && this.connection) await closeWithConnection(this.worker, this.connection);
  }

  private async apply(job: Job): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) return;
    const payload = job.data as EventPayload<EventName>;
    let prepared: unknown;
    if (handler.prepare) {
      // No transaction is open here: a redelivery of an applied event stops before the remote work.
      if (await this.outbox.processed(this.dataSource.manager, payload.eventId)) return;
      prepared = await handler.prepare(payload as never);
    }
    const afterCommit: Array<() => void> = [];
    await this.dataSource.transaction(async (manager) => {
      const firstTime = await this.outbox.claim(manager, payload.eventId, job.name);
      const then = firstTime && handler.apply ? await handler.apply(payload as never, manager, prepared) : undefined;
      if (then) afterCommit.push(then);
    });
    afterCommit.forEach((run) => run());
  }
}
