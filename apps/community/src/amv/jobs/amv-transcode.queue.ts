import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { amvTranscodeJobId, type AmvTranscodeJobData, type AmvTranscodeJobName } from './amv-transcode.job';

/** The producer side of `community-amv-transcode`, opened on first use. */
@Injectable()
export class AmvTranscodeQueue implements OnApplicationShutdown {
  private opened: { queue: Queue<AmvTranscodeJobData, unknown, AmvTranscodeJobName>; connection: Redis } | undefined;

  constructor(@Inject(REDIS_OPTIONS) private readonly options: RedisOptions) {}

  /** Queues the rendition of an upload; the deterministic id makes a second call while one waits a no-op. */
  async enqueue(uploadId: string): Promise<string> {
    const jobId = amvTranscodeJobId(uploadId);
    const queue = this.queue();
    const state = await queue.getJobState(jobId);
    // A finished job's record would hold the id: a new upload of the same id cannot happen, but a
    // rendition deleted from disk is made again.
    if (state === 'completed' || state === 'failed') await queue.remove(jobId);
    await queue.add(
      'hls',
      { uploadId },
      { jobId, attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: { count: 500 }, removeOnFail: { count: 500 } },
    );
    return jobId;
  }

  queue(): Queue<AmvTranscodeJobData, unknown, AmvTranscodeJobName> {
    if (!this.opened) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue<AmvTranscodeJobData, unknown, AmvTranscodeJobName>(QueueName.CommunityAmvTranscode, {
        connection,
        prefix: bullPrefix(this.options.keyPrefix),
      });
      queue.on('error', () => undefined);
      this.opened = { queue, connection };
    }
    return this.opened.queue;
  }

  async onApplicationShutdown() {
    if (this.opened) await closeWithConnection(this.opened.queue, this.opened.connection);
  }
}
