import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { QueueName } from '@portal/contracts';
import { ProducerQueue, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { amvTranscodeJobId, type AmvTranscodeJobData, type AmvTranscodeJobName } from './amv-transcode.job';

/** The producer side of `community-amv-transcode`. */
@Injectable()
export class AmvTranscodeQueue implements OnApplicationShutdown {
  private readonly producer: ProducerQueue<AmvTranscodeJobData, AmvTranscodeJobName>;

  constructor(@Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.producer = new ProducerQueue(QueueName.CommunityAmvTranscode, options);
  }

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

  queue() {
    return this.producer.queue;
  }

  onApplicationShutdown() {
    return this.producer.close();
  }
}
