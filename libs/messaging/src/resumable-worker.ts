import { DelayedError, type Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection } from './outbox/event-queues';
import { createRedisClient, type RedisOptions } from './redis.module';

/** A job interrupted by shutdown goes back to the queue and starts again this soon after. */
const RESUME_AFTER_MS = 1000;

export interface ResumableWorkerOptions<Data, Result> {
  queue: QueueName;
  redis: RedisOptions;
  logger: Logger;
  /** Names the worker in its log lines («episode transcode»). */
  label: string;
  /** One job's work; `stopping` aborts at shutdown. */
  process(data: Data, stopping: AbortSignal): Promise<Result>;
  /** Whether a thrown error means the run was cut short rather than failed (default: the worker is stopping). */
  interrupted?(error: unknown): boolean;
}

/**
 * A BullMQ worker for long jobs (ffmpeg and the like), one at a time per process. Shutdown aborts
 * the running job through `stopping`, and a job cut short goes back to the queue without spending an
 * attempt: another replica, or this one's next start, runs it again.
 */
export class ResumableWorker<Data, Result> {
  private worker: Worker | undefined;
  private connection: Redis | undefined;
  private readonly stop = new AbortController();

  constructor(private readonly options: ResumableWorkerOptions<Data, Result>) {}

  get stopping(): AbortSignal {
    return this.stop.signal;
  }

  start(): void {
    const { queue, redis, logger, label } = this.options;
    this.connection = createRedisClient(redis.url, { maxRetriesPerRequest: null });
    this.worker = new Worker(queue, (job: Job<Data>, token) => this.run(job, token), {
      connection: this.connection,
      prefix: bullPrefix(redis.keyPrefix),
      concurrency: 1,
    });
    this.worker.on('error', (error) => logger.warn({ err: error }, `${label} worker connection error`));
    this.worker.on('failed', (job, error) => logger.warn({ err: error, jobId: job?.id }, `${label} job failed`));
  }

  async close(): Promise<void> {
    this.stop.abort();
    if (this.worker && this.connection) await closeWithConnection(this.worker, this.connection);
  }

  private async run(job: Job<Data>, token: string | undefined): Promise<Result> {
    try {
      return await this.options.process(job.data, this.stop.signal);
    } catch (error) {
      const interrupted = this.options.interrupted?.(error) ?? this.stop.signal.aborted;
      if (!interrupted) throw error;
      await job.moveToDelayed(Date.now() + RESUME_AFTER_MS, token);
      throw new DelayedError();
    }
  }
}
