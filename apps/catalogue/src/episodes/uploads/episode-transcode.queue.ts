import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { QueueName } from '@portal/contracts';
import { ProducerQueue, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { episodeTranscodeJobId, type EpisodeTranscodeJobData, type EpisodeTranscodeJobName } from './episode-transcode.job';

/** The producer side of `catalogue-episode-transcode`. */
@Injectable()
export class EpisodeTranscodeQueue implements OnApplicationShutdown {
  private readonly producer: ProducerQueue<EpisodeTranscodeJobData, EpisodeTranscodeJobName>;

  constructor(@Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.producer = new ProducerQueue(QueueName.CatalogueEpisodeTranscode, options);
  }

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

  queue() {
    return this.producer.queue;
  }

  onApplicationShutdown() {
    return this.producer.close();
  }
}
