import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection } from './outbox/event-queues';
import { createRedisClient, type RedisOptions } from './redis.module';

/**
 * The producer side of one BullMQ queue, opened on first use (a service that never queues a job opens
 * no connection) and closed with its connection at shutdown.
 */
export class ProducerQueue<Data, Name extends string = string> {
  private opened: { queue: Queue<Data, unknown, Name>; connection: Redis } | undefined;

  constructor(
    private readonly name: QueueName,
    private readonly options: RedisOptions,
  ) {}

  get queue(): Queue<Data, unknown, Name> {
    if (!this.opened) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue<Data, unknown, Name>(this.name, { connection, prefix: bullPrefix(this.options.keyPrefix) });
      queue.on('error', () => undefined);
      this.opened = { queue, connection };
    }
    return this.opened.queue;
  }

  async close(): Promise<void> {
    if (this.opened) await closeWithConnection(this.opened.queue, this.opened.connection);
  }
}
