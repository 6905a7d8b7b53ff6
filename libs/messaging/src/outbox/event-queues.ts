import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type Worker } from 'bullmq';
import type Redis from 'ioredis';
import { EVENT_QUEUE_OF, type ServiceName } from '@portal/contracts';
import { installQueueGuard } from '../queue-guard';
import { createRedisClient, REDIS_OPTIONS, type RedisOptions } from '../redis.module';

installQueueGuard();

export const bullPrefix = (keyPrefix: string) => `${keyPrefix}bull`;

/** BullMQ leaves a connection it was handed open on close(), so the owner quits it too. */
export async function closeWithConnection(owner: Queue | Worker, connection: Redis): Promise<void> {
  await owner.close();
  await connection.quit().catch(() => connection.disconnect());
}

/** The durable per-consumer event queues, opened on first use. */
@Injectable()
export class EventQueues implements OnApplicationShutdown {
  private readonly queues = new Map<ServiceName, { queue: Queue; connection: Redis }>();

  constructor(@Inject(REDIS_OPTIONS) private readonly options: RedisOptions) {}

  async enqueue(consumer: ServiceName, eventName: string, payload: object, eventId: string): Promise<void> {
    await this.queueOf(consumer).add(eventName, payload, {
      jobId: eventId,
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  }

  private queueOf(consumer: ServiceName): Queue {
    let opened = this.queues.get(consumer);
    if (!opened) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue(EVENT_QUEUE_OF[consumer], { connection, prefix: bullPrefix(this.options.keyPrefix) });
      queue.on('error', () => undefined); // connection errors surface as failed adds, which the relay retries
      opened = { queue, connection };
      this.queues.set(consumer, opened);
    }
    return opened.queue;
  }

  async onApplicationShutdown() {
    await Promise.all([...this.queues.values()].map(({ queue, connection }) => closeWithConnection(queue, connection)));
  }
}
