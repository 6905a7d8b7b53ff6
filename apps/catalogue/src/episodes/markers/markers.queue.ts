import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { QueueName } from '@portal/contracts';
import { ProducerQueue, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * The `catalogue-episode-markers` queue: one job per title (docs/media.md, «Openings and endings found
 * by ear»). The job id is the title's, so a title waiting for its detection is queued once however
 * many of its episodes finish meanwhile; a finished job is removed, so the next episode queues it again.
 */
export interface EpisodeMarkersJobData {
  animeId: number;
}

export type EpisodeMarkersJobResult =
  | { result: 'detected'; compared: number[]; written: number[] }
  /** Fewer than two uploaded episodes with sound to compare, or no ffmpeg. */
  | { result: 'skipped'; reason: string };

export type EpisodeMarkersJobName = 'detect';

export const episodeMarkersJobId = (animeId: number) => `markers-${animeId}`;

/** How long a title's detection waits after it is queued: a season uploaded together is compared once. */
export const MARKERS_DELAY_MS = 15_000;
/** A detection that failed (the database, Redis) is tried again this often, first after this long. */
const ATTEMPTS = 3;
const BACKOFF_MS = 30_000;

/** The producer side of `catalogue-episode-markers`, opened on first use. */
@Injectable()
export class EpisodeMarkersQueue implements OnApplicationShutdown {
  private readonly producer: ProducerQueue<EpisodeMarkersJobData, EpisodeMarkersJobName>;

  constructor(@Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.producer = new ProducerQueue(QueueName.CatalogueEpisodeMarkers, options);
  }

  /** Queues the title's detection in `delayMs`; nothing new while one waits. Answers the job id. */
  async enqueue(animeId: number, delayMs: number = MARKERS_DELAY_MS): Promise<string> {
    const jobId = episodeMarkersJobId(animeId);
    await this.producer.queue.add(
      'detect',
      { animeId },
      { jobId, delay: delayMs, attempts: ATTEMPTS, backoff: { type: 'exponential', delay: BACKOFF_MS }, removeOnComplete: true, removeOnFail: true },
    );
    return jobId;
  }

  async onApplicationShutdown() {
    await this.producer.close();
  }
}
