import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { AnimeBackgroundService } from '../services/anime-background.service';
import { TitleSyncService } from '../services/title-sync.service';
import { ShikimoriAbortedError, ShikimoriRequestError } from '../shikimori/shikimori.errors';
import type { BackgroundJobData, MetadataJobName, MetadataJobs, SyncJobData } from './metadata-jobs';

/** Titles synced at once by one process; the shared request budget, not this, is the real bound. */
const CONCURRENCY = 2;
/** A job interrupted by shutdown goes back to the queue and starts again this soon after. */
const RESUME_AFTER_MS = 1000;

/** Runs the `catalogue-metadata` jobs. */
@Injectable()
export class MetadataWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker | undefined;
  private connection: Redis | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly titles: TitleSyncService,
    private readonly backgrounds: AnimeBackgroundService,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.connection = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.worker = new Worker(QueueName.CatalogueMetadata, (job, token) => this.process(job, token), {
      connection: this.connection,
      prefix: bullPrefix(this.options.keyPrefix),
      concurrency: CONCURRENCY,
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'metadata worker connection error'));
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ err: error, jobId: job?.id, attemptsMade: job?.attemptsMade, attempts: job?.opts.attempts }, 'metadata job failed'),
    );
  }

  /** Before any connection closes: jobs waiting for a request slot give up and go back to the queue. */
  async beforeApplicationShutdown() {
    this.stopping.abort();
    if (this.worker && this.connection) await closeWithConnection(this.worker, this.connection);
  }

  private async process(job: Job, token: string | undefined): Promise<MetadataJobs[MetadataJobName]['result']> {
    try {
      switch (job.name as MetadataJobName) {
        case 'sync':
          return await this.titles.sync((job.data as SyncJobData).shikimoriId, { signal: this.stopping.signal });
        case 'background': {
          const data = job.data as BackgroundJobData;
          return await this.backgrounds.set(data);
        }
        default:
          throw new UnrecoverableError(`unknown job ${job.name}`);
      }
    } catch (error) {
      if (error instanceof ShikimoriAbortedError) {
        // Not the job's failure: back to the queue without spending an attempt.
        await job.moveToDelayed(Date.now() + RESUME_AFTER_MS, token);
        throw new DelayedError();
      }
      // Shikimori refused the request as such (400, 403): the same request will be refused again.
      if (error instanceof ShikimoriRequestError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
