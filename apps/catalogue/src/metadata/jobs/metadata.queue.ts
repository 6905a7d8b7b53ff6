import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, type JobsOptions, Queue } from 'bullmq';
import type Redis from 'ioredis';
import { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { METADATA_SETTINGS, type MetadataSettings } from '../metadata.settings';
import { backgroundJobId, syncJobId, type BackgroundJobData, type MetadataJobName, type SyncJobData } from './metadata-jobs';

const PENDING_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);
const FINISHED_STATES = new Set(['completed', 'failed']);
const ADD_CHUNK = 500;
/** Completed jobs kept for the admin view (bounded); failed ones are kept for a month. */
const KEEP_COMPLETED = 1000;
const KEEP_FAILED_SECONDS = 30 * 24 * 3600;

/** A finished job as the admin view reads it. */
export interface FinishedJob {
  id: string;
  name: string;
  data: Partial<SyncJobData & BackgroundJobData>;
  returnvalue: unknown;
  failedReason: string | undefined;
  attemptsMade: number;
  finishedOn: number;
}

/** The producer side of the `catalogue-metadata` queue, opened on first use. */
@Injectable()
export class MetadataQueue implements OnApplicationShutdown {
  private opened: { queue: Queue<unknown, unknown, MetadataJobName>; connection: Redis } | undefined;

  constructor(
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(METADATA_SETTINGS) private readonly settings: MetadataSettings,
  ) {}

  /**
   * One sync job per Shikimori id. An id whose job is pending is skipped; one whose last job finished
   * (its record is kept for the admin view) gets a new job. Answers how many jobs were added.
   */
  async enqueueSync(shikimoriIds: number[]): Promise<number> {
    let added = 0;
    const unique = [...new Set(shikimoriIds)];
    for (let start = 0; start < unique.length; start += ADD_CHUNK) {
      const chunk = unique.slice(start, start + ADD_CHUNK);
      const free = await Promise.all(chunk.map((id) => this.freeJobId(syncJobId(id))));
      const jobs = chunk
        .filter((_, index) => free[index])
        .map((shikimoriId) => ({ name: 'sync' as const, data: { shikimoriId } satisfies SyncJobData, opts: this.jobOptions(syncJobId(shikimoriId)) }));
      if (jobs.length > 0) await this.queue().addBulk(jobs);
      added += jobs.length;
    }
    return added;
  }

  /** The background job of a title; a newer URL replaces the one of a job still waiting. */
  async enqueueBackground(data: BackgroundJobData): Promise<string> {
    const jobId = backgroundJobId(data.animeId);
    for (let attempt = 0; attempt < 50; attempt++) {
      const state = await this.queue().getJobState(jobId);
      if (state === 'active') {
        // Being written right now (one UPDATE): let it finish, then queue the newer URL.
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (PENDING_STATES.has(state)) {
        const job = await this.queue().getJob(jobId);
        if (job) {
          await job.updateData(data);
          return jobId;
        }
      }
      if (await this.freeJobId(jobId)) {
        await this.queue().add('background', data, this.jobOptions(jobId));
        return jobId;
      }
    }
    throw new Error(`background job ${jobId} stays active`);
  }

  async counts(): Promise<{ waiting: number; active: number; delayed: number; completed: number; failed: number }> {
    const counts = await this.queue().getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed');
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      completed: counts.completed ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  /** The latest failed jobs, newest first. */
  async failed(limit: number): Promise<FinishedJob[]> {
    return (await this.queue().getFailed(0, limit - 1)).filter(Boolean).map(toFinished);
  }

  /** The latest completed jobs, newest first. */
  async completed(limit: number): Promise<FinishedJob[]> {
    return (await this.queue().getCompleted(0, limit - 1)).filter(Boolean).map(toFinished);
  }

  /** True when no pending job holds the id (a finished one is removed to make room). */
  private async freeJobId(jobId: string): Promise<boolean> {
    const state = await this.queue().getJobState(jobId);
    if (state === 'unknown') return true;
    if (!FINISHED_STATES.has(state)) return false;
    await this.queue().remove(jobId);
    return (await this.queue().getJobState(jobId)) === 'unknown';
  }

  private jobOptions(jobId: string): JobsOptions {
    return {
      jobId,
      attempts: this.settings.jobAttempts,
      backoff: { type: 'exponential', delay: this.settings.backoffMs },
      removeOnComplete: { count: KEEP_COMPLETED },
      removeOnFail: { age: KEEP_FAILED_SECONDS },
    };
  }

  private queue(): Queue<unknown, unknown, MetadataJobName> {
    if (!this.opened) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue<unknown, unknown, MetadataJobName>(QueueName.CatalogueMetadata, { connection, prefix: bullPrefix(this.options.keyPrefix) });
      queue.on('error', () => undefined); // connection errors surface as failed calls, which the caller reports
      this.opened = { queue, connection };
    }
    return this.opened.queue;
  }

  async onApplicationShutdown() {
    if (this.opened) await closeWithConnection(this.opened.queue, this.opened.connection);
  }
}

const toFinished = (job: Job<unknown, unknown, string>): FinishedJob => ({
  id: job.id ?? '',
  name: job.name,
  data: job.data ?? {},
  returnvalue: job.returnvalue,
  failedReason: job.failedReason || undefined,
  attemptsMade: job.attemptsMade,
  finishedOn: job.finishedOn ?? 0,
});
