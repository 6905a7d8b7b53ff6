import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { noticeJobId, type TelegramNoticeJob } from './telegram-notice.job';

/** Attempts for failures other than flood control (a 429 waits without spending one). */
const ATTEMPTS = 5;

/** The producer side of `auth-telegram-notices`, opened on first use. */
@Injectable()
export class TelegramNoticesQueue implements OnApplicationShutdown {
  private opened: { queue: Queue<TelegramNoticeJob>; connection: Redis } | undefined;

  constructor(@Inject(REDIS_OPTIONS) private readonly options: RedisOptions) {}

  /** One job per event id: a redelivered event adds nothing. */
  async enqueue(eventId: string, notice: TelegramNoticeJob): Promise<void> {
    await this.queue().add('notice', notice, {
      jobId: noticeJobId(eventId),
      attempts: ATTEMPTS,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  private queue(): Queue<TelegramNoticeJob> {
    if (!this.opened) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue<TelegramNoticeJob>(QueueName.AuthTelegramNotices, { connection, prefix: bullPrefix(this.options.keyPrefix) });
      queue.on('error', () => undefined); // connection errors surface as failed adds, which the event's retry repeats
      this.opened = { queue, connection };
    }
    return this.opened.queue;
  }

  async onApplicationShutdown() {
    if (this.opened) await closeWithConnection(this.opened.queue, this.opened.connection);
  }
}
