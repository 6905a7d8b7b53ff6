import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { EVENT_QUEUE_OF, type ServiceName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, type EventConsumer, type RedisOptions } from '@portal/messaging';
import { eventsFailed, QUEUE_STATES, trackQueueDepth } from './portal-metrics';

/**
 * The service's event queue in the metrics: its jobs by state, counted at scrape time
 * (`portal_event_queue_jobs`), and every failed attempt of a handler (`portal_events_failed_total`).
 * A service without handlers has no queue of its own to report.
 */
export class EventQueueMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: { queue: Queue; connection: Redis } | undefined;
  private untrack: (() => void) | undefined;

  constructor(
    private readonly consumer: EventConsumer,
    private readonly options: RedisOptions,
    private readonly service: ServiceName,
  ) {}

  onApplicationBootstrap() {
    this.consumer.onFailure((event) => eventsFailed.inc({ service: this.service, event }));
    const name = EVENT_QUEUE_OF[this.service];
    this.untrack = trackQueueDepth({
      service: this.service,
      queue: name,
      counts: async () => (this.consumer.consuming ? this.queueOf(name).getJobCounts(...QUEUE_STATES) : undefined),
    });
  }

  /** Opened at the first scrape: a process nobody scrapes holds no extra connection. */
  private queueOf(name: string): Queue {
    if (!this.queue) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue(name, { connection, prefix: bullPrefix(this.options.keyPrefix) });
      queue.on('error', () => undefined); // a scrape while Redis is away reports no queue series
      this.queue = { queue, connection };
    }
    return this.queue.queue;
  }

  async onApplicationShutdown() {
    this.untrack?.();
    if (this.queue) await closeWithConnection(this.queue.queue, this.queue.connection);
    this.queue = undefined;
  }
}
