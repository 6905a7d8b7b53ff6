import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { MarkersDetectionService } from './markers-detection.service';
import type { EpisodeMarkersJobData, EpisodeMarkersJobResult } from './markers.queue';

/** A job interrupted by shutdown goes back to the queue and starts again this soon after. */
const RESUME_AFTER_MS = 1000;
/** Rounds of one job: another episode of the title got ready while a round ran (its own job could not be queued then). */
const MAX_ROUNDS = 3;

/**
 * Runs `catalogue-episode-markers`: one title's detection at a time per process (it decodes sound and
 * compares every pair of nearby episodes). Shutdown stops a running one; its job goes back to the queue.
 */
@Injectable()
export class EpisodeMarkersWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker | undefined;
  private connection: Redis | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly detection: MarkersDetectionService,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.connection = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.worker = new Worker(QueueName.CatalogueEpisodeMarkers, (job: Job<EpisodeMarkersJobData>, token) => this.run(job, token), {
      connection: this.connection,
      prefix: bullPrefix(this.options.keyPrefix),
      concurrency: 1,
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'episode markers worker connection error'));
    this.worker.on('failed', (job, error) => this.logger.warn({ err: error, jobId: job?.id }, 'episode markers job failed'));
  }

  async beforeApplicationShutdown() {
    this.stopping.abort();
    if (this.worker && this.connection) await closeWithConnection(this.worker, this.connection);
  }

  private async run(job: Job<EpisodeMarkersJobData>, token: string | undefined): Promise<EpisodeMarkersJobResult> {
    try {
      return await this.process(job.data);
    } catch (error) {
      if (this.stopping.signal.aborted) {
        // Not the title's failure: back to the queue without spending an attempt.
        await job.moveToDelayed(Date.now() + RESUME_AFTER_MS, token);
        throw new DelayedError();
      }
      throw error;
    }
  }

  /**
   * Detects the title's markers. While it runs, the job id is taken, so an episode that got ready
   * meanwhile could not queue its own job: a round that did not see every comparable episode is run again.
   */
  async process({ animeId }: EpisodeMarkersJobData): Promise<EpisodeMarkersJobResult> {
    for (let round = 1; ; round++) {
      const { considered, ...result } = await this.detection.detect(animeId, this.stopping.signal);
      const now = await this.detection.comparable(animeId);
      const seen = new Set(considered);
      if (round >= MAX_ROUNDS || now.every((episode) => seen.has(episode.source.id))) return result;
    }
  }
}
