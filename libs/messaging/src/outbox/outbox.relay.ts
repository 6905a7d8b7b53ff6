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
 * Moves committed outbox rows into each consumer's durable queue, then marks them relayed. If Redis
 * is unreachable the rows stay pending and the next pass retries them; the queue's job id is the
 * event id, so a row relayed twice (a crash between enqueue and mark) is still one job.
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
    return this.dataSource.transaction(async (manager) => {
      const events = await this.outbox.lockPending(manager, BATCH_SIZE);
      for (const event of events) {
        const consumers = EVENT_CONSUMERS[event.eventName as EventName] ?? [];
        await Promise.all(
          consumers.map((consumer) =>
            withTimeout(this.queues.enqueue(consumer, event.eventName, event.payload, event.id), ENQUEUE_TIMEOUT_MS),
          ),
        );
      }
      if (events.length > 0) {
        await this.outbox.markRelayed(manager, events.map((event) => event.id));
        this.logger.debug({ count: events.length }, 'outbox events relayed');
      }
      return events.length;
    });
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
