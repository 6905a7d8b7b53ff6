import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { QueueName } from '@portal/contracts';
import { REDIS_OPTIONS, type RedisOptions, ResumableWorker } from '@portal/messaging';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { MarkersDetectionService } from './markers-detection.service';
import type { EpisodeMarkersJobData, EpisodeMarkersJobResult } from './markers.queue';

/** Rounds of one job: another episode of the title got ready while a round ran (its own job could not be queued then). */
const MAX_ROUNDS = 3;

/**
 * Runs `catalogue-episode-markers`: one title's detection at a time per process (it decodes sound and
 * compares every pair of nearby episodes). Shutdown stops a running one; its job goes back to the queue.
 */
@Injectable()
export class EpisodeMarkersWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly jobs: ResumableWorker<EpisodeMarkersJobData, EpisodeMarkersJobResult>;

  constructor(
    private readonly detection: MarkersDetectionService,
    @Inject(REDIS_OPTIONS) options: RedisOptions,
    @Inject(CATALOGUE_LOGGER) logger: Logger,
  ) {
    this.jobs = new ResumableWorker({
      queue: QueueName.CatalogueEpisodeMarkers,
      redis: options,
      logger,
      label: 'episode markers',
      process: (data) => this.process(data),
    });
  }

  onApplicationBootstrap() {
    this.jobs.start();
  }

  async beforeApplicationShutdown() {
    await this.jobs.close();
  }

  /**
   * Detects the title's markers. While it runs, the job id is taken, so an episode that got ready
   * meanwhile could not queue its own job: a round that did not see every comparable episode is run again.
   */
  async process({ animeId }: EpisodeMarkersJobData): Promise<EpisodeMarkersJobResult> {
    for (let round = 1; ; round++) {
      const { considered, ...result } = await this.detection.detect(animeId, this.jobs.stopping);
      const now = await this.detection.comparable(animeId);
      const seen = new Set(considered);
      if (round >= MAX_ROUNDS || now.every((episode) => seen.has(episode.source.id))) return result;
    }
  }
}
