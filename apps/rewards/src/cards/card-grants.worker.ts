import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { type CardGranted, cardGrantsAliveKey, QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { CardPusher } from './card-pusher';
import type { CardGrantJobData } from './card-grants.job';
import { CardGrants, NoCardToGrantError } from './card-grants.service';

/** Test seams of the crash test (test/rewards/cards.spec.ts): run inside the transaction, after the grant, before the commit. */
export interface CardGrantsWorkerHooks {
  beforeCommit?: (grant: CardGranted, manager: EntityManager) => Promise<void>;
  afterCommit?: (grant: CardGranted) => Promise<void>;
}

/**
 * Runs `rewards-card-grants`: each job in one transaction (grantInTransaction), then, after commit,
 * the push. A worker killed mid-job leaves the job stalled; BullMQ gives it to another worker, whose
 * run either finds the committed grant (and only pushes again) or grants in a fresh transaction.
 */
@Injectable()
export class CardGrantsWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CardGrantsWorker.name);
  private worker: Worker | undefined;
  private connection: Redis | undefined;
  private alive: NodeJS.Timeout | undefined;
  readonly hooks: CardGrantsWorkerHooks = {};

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly grants: CardGrants,
    private readonly pusher: CardPusher,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap() {
    this.start();
  }

  start(settings: { stalledInterval?: number; lockDuration?: number } = {}) {
    this.connection = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.worker = new Worker(QueueName.RewardsCardGrants, (job: Job<CardGrantJobData>) => this.process(job.data), {
      connection: this.connection,
      prefix: bullPrefix(this.options.keyPrefix),
      concurrency: 4,
      ...settings,
    });
    this.worker.on('error', (error) => this.logger.warn(`card grants worker connection error: ${String(error)}`));
    this.worker.on('failed', (job, error) => this.logger.warn(`card grant ${job?.id ?? '?'} failed: ${String(error)}`));
    // The gateway waits for a grant in an answer only while this key says a worker runs.
    const beat = () => void this.redis.set(cardGrantsAliveKey(this.options.keyPrefix), '1', 'PX', 30000).catch(() => undefined);
    beat();
    this.alive = setInterval(beat, 10000);
    this.alive.unref();
  }

  async beforeApplicationShutdown() {
    clearInterval(this.alive);
    if (this.worker && this.connection) await closeWithConnection(this.worker, this.connection);
    this.worker = undefined;
  }

  async process(data: CardGrantJobData): Promise<CardGranted> {
    let grant: CardGranted;
    try {
      grant = await this.dataSource.transaction(async (manager) => {
        const made = await this.grants.grantInTransaction(manager, data);
        await this.hooks.beforeCommit?.(made, manager);
        return made;
      });
    } catch (error) {
      // Nothing to draw: retrying cannot help until an admin adds a card.
      if (error instanceof NoCardToGrantError) throw new UnrecoverableError(error.message);
      throw error;
    }
    await this.hooks.afterCommit?.(grant);
    await this.pusher.granted(data.userId, data.key, grant);
    return grant;
  }
}
