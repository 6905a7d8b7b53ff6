import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { QueueName } from '@portal/contracts';
import { ProducerQueue, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * The `catalogue-episode-tracks` queue: one job per added voice-over or subtitle file (docs/media.md,
 * «Voice-overs and subtitles added later»). The job id is the track's, so queueing it again (at boot,
 * for a track still processing) adds nothing while it waits.
 */
export interface EpisodeTrackJobData {
  trackId: string;
}

export type EpisodeTrackJobResult =
  | { result: 'ready'; revision: number | null }
  | { result: 'failed'; reason: string }
  /** Removed, already failed, or its job ran twice. */
  | { result: 'skipped'; reason: string };

export type EpisodeTrackJobName = 'process';

export const episodeTrackJobId = (trackId: string) => `track-${trackId}`;

/** A job that failed for a reason outside the file (the database, the disk) is tried again, first after this long. */
const ATTEMPTS = 3;
const BACKOFF_MS = 10_000;

/** The producer side of `catalogue-episode-tracks`, opened on first use. */
@Injectable()
export class EpisodeTrackQueue implements OnApplicationShutdown {
  private readonly producer: ProducerQueue<EpisodeTrackJobData, EpisodeTrackJobName>;

  constructor(@Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.producer = new ProducerQueue(QueueName.CatalogueEpisodeTracks, options);
  }

  async enqueue(trackId: string): Promise<string> {
    const jobId = episodeTrackJobId(trackId);
    await this.producer.queue.add(
      'process',
      { trackId },
      { jobId, attempts: ATTEMPTS, backoff: { type: 'exponential', delay: BACKOFF_MS }, removeOnComplete: { count: 1000 }, removeOnFail: { count: 1000 } },
    );
    return jobId;
  }

  async onApplicationShutdown() {
    await this.producer.close();
  }
}
