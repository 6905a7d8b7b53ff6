import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { episodeTranscodeJobId, type EpisodeTranscodeJobData, type EpisodeTranscodeJobName } from './episode-transcode.job';

/** The producer side of `catalogue-episode-transcode`, opened on first use. */
@Injectable()
export class EpisodeTranscodeQueue implements OnApplicationShutdown {
  private opened: { queue: Queue<EpisodeTranscodeJobData, unknown, EpisodeTranscodeJobName>; connection: Redis } | undefined;

  constructor(@Inject(REDIS_OPTIONS) private readonly options: RedisOptions) {}

  /**
   * Queues attempt `attempt` of a source. A killed worker's job is taken again by another replica
   * (BullMQ's stalled-job check); a failing ffmpeg is not retried by the queue: the uploader sees why
   * and retries, which is a new attempt.
   */
  async enqueue(sourceId: string, attempt: number): Promise<string> {
    const jobId = episodeTranscodeJobId(sourceId, attempt);
    await this.queue().add('transcode', { sourceId, attempt }, { jobId, attempts: 1, removeOnComplete: { count: 1000 }, removeOnFail: { count: 1000 } });
    return jobId;
  }

  /** Drops a job that has not started; a running one stops itself when it sees its source cancelled. */
  async discard(sourceId: string, attempt: number): Promise<void> {
    const queue = this.queue();
    const jobId = episodeTranscodeJobId(sourceId, attempt);
    if ((await queue.getJobState(jobId)) !== 'active') await queue.remove(jobId).catch(() => 0);
  }

  queue(): Queue<EpisodeTranscodeJobData, unknown, EpisodeTranscodeJobName> {
    if (!this.opened) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue<EpisodeTranscodeJobData, unknown, EpisodeTranscodeJobName>(QueueName.CatalogueEpisodeTranscode, {
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
