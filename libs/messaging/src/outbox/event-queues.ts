import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { EVENT_QUEUE_OF, type ServiceName } from '@portal/contracts';
import { createRedisClient, REDIS_OPTIONS, type RedisOptions } from '../redis.module';

export const bullPrefix = (keyPrefix: string) => `${keyPrefix}bull`;

/** The durable per-consumer event queues, opened on first use. */
@Injectable()
export class EventQueues implements OnApplicationShutdown {
  private readonly queues = new Map<ServiceName, Queue>();

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
    let queue = this.queues.get(consumer);
    if (!queue) {
      queue = new Queue(EVENT_QUEUE_OF[consumer], {
        connection: createRedisClient(this.options.url, { maxRetriesPerRequest: 1 }),
        prefix: bullPrefix(this.options.keyPrefix),
      });
      queue.on('error', () => undefined); // connection errors surface as failed adds, which the relay retries
      this.queues.set(consumer, queue);
    }
    return queue;
  }

  async onApplicationShutdown() {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
