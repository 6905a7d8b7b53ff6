import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { QueueName, type QueueDepth } from '@portal/contracts';
import { bullPrefix, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/** Every job queue of the deployment (QueueName), counted live from BullMQ when an admin asks. */
@Injectable()
export class QueueDepthsReader implements OnApplicationShutdown {
  private connection: Redis | undefined;
  private readonly queues = new Map<string, Queue>();

  constructor(@Inject(REDIS_OPTIONS) private readonly options: RedisOptions) {}

  async read(): Promise<QueueDepth[]> {
    return Promise.all(
      Object.values(QueueName).map(async (name) => {
        const counts = await this.queueOf(name).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
        return {
          name,
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
        };
      }),
    );
  }

  /** Opened at the first request, on one connection for all of them: most processes are never asked. */
  private queueOf(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      this.connection ??= createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      queue = new Queue(name, { connection: this.connection, prefix: bullPrefix(this.options.keyPrefix) });
      queue.on('error', () => undefined); // a request while Redis is away fails with its own error
      this.queues.set(name, queue);
    }
    return queue;
  }

  async onApplicationShutdown() {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
