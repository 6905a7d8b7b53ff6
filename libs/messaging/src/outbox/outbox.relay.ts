import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { EVENT_CONSUMERS, type EventName, publishesEvents, type ServiceName } from '@portal/contracts';
import { EventQueues } from './event-queues';
import { OutboxRepository } from './outbox.repository';

export const EVENTS_LOGGER = Symbol('EVENTS_LOGGER');
export const EVENTS_SERVICE = Symbol('EVENTS_SERVICE');
const BATCH_SIZE = 100;
const POLL_INTERVAL_MS = 1000;
const ENQUEUE_TIMEOUT_MS = 5000;
/**
 * How long a pass's claim on its rows keeps other relays off them. A pass takes milliseconds; one
 * still enqueueing past this (Redis very slow) may see another relay enqueue the same rows, which the
 * job id makes harmless. A relay that dies mid-pass leaves its rows to the others after this long.
 */
export const OUTBOX_CLAIM_MS = 10_000;

/**
 * Moves committed outbox rows into each consumer's durable queue, then marks them relayed. A pass
 * claims its rows in one statement and enqueues with no transaction open (docs/architecture.md, «No
 * remote call inside a transaction»). If Redis is unreachable the rows are given back and the next
 * pass retries them; the queue's job id is the event id, so a row relayed twice (a crash between
 * enqueue and mark, a lease run out) is still one job.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly queues: EventQueues,
    @Inject(EVENTS_LOGGER) private readonly logger: Logger,
    @Inject(EVENTS_SERVICE) private readonly service: ServiceName,
  ) {}

  /** Only a service that publishes events polls its outbox. */
  onApplicationBootstrap() {
    if (publishesEvents(this.service)) this.start();
  }

  /** Before any connection closes, so an in-flight pass can finish. */
  async beforeApplicationShutdown() {
    await this.stop();
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), POLL_INTERVAL_MS);
    this.nudge();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.rerun) {
        this.rerun = false;
        this.nudge();
      }
    });
  }

  /** Relays until nothing is pending or a pass fails. */
  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.relayBatch()) === BATCH_SIZE);
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox relay pass failed; will retry');
    }
  }

  async relayBatch(): Promise<number> {
    const manager = this.dataSource.manager;
    const events = await this.outbox.claimPending(manager, BATCH_SIZE, OUTBOX_CLAIM_MS);
    const relayed: string[] = [];
    try {
      for (const event of events) {
        const consumers = EVENT_CONSUMERS[event.eventName as EventName] ?? [];
        await Promise.all(
          consumers.map((consumer) => withTimeout(this.queues.enqueue(consumer, event.eventName, event.payload, event.id), ENQUEUE_TIMEOUT_MS)),
        );
        relayed.push(event.id);
      }
    } catch (error) {
      // What reached the queues is marked; the rest is pending again for the next pass (or after the lease).
      await this.outbox.markRelayed(manager, relayed).catch(() => undefined);
      await this.outbox
        .releaseClaims(
          manager,
          events.slice(relayed.length).map((event) => event.id),
        )
        .catch(() => undefined);
      throw error;
    }
    if (events.length > 0) {
      await this.outbox.markRelayed(manager, relayed);
      this.logger.debug({ count: events.length }, 'outbox events relayed');
    }
    return events.length;
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`enqueue timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
