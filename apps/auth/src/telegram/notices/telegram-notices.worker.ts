import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { AUTH_LOGGER } from '../../auth.tokens';
import { TelegramApiError, type TelegramBotApiClient } from '../bot-api/telegram-bot-api.client';
import { TELEGRAM_BOT_API } from '../telegram.tokens';
import type { TelegramNoticeJob } from './telegram-notice.job';
import { TelegramSendLimiter } from './telegram-send-limiter';

/** Sends in flight per replica; the limiter, shared by all, sets the pace. */
const CONCURRENCY = 4;

/**
 * Sends the notices within Telegram's limits: a job whose chat had a message less than a second ago
 * waits (delayed, no attempt spent); a 429 pauses every send for its retry_after and the job
 * retries after it. A chat that blocked the bot or does not exist (400, 403) is not retried.
 */
@Injectable()
export class TelegramNoticesWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker<TelegramNoticeJob> | undefined;
  private connection: Redis | undefined;

  constructor(
    @Inject(TELEGRAM_BOT_API) private readonly bot: TelegramBotApiClient | null,
    private readonly limiter: TelegramSendLimiter,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    if (!this.bot) return;
    const bot = this.bot;
    this.connection = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.worker = new Worker<TelegramNoticeJob>(QueueName.AuthTelegramNotices, (job, token) => this.send(bot, job, token), {
      connection: this.connection,
      prefix: bullPrefix(this.options.keyPrefix),
      concurrency: CONCURRENCY,
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'telegram notices worker connection error'));
    this.worker.on('failed', (job, error) => this.logger.warn({ err: error, jobId: job?.id }, 'telegram notice failed'));
  }

  async beforeApplicationShutdown() {
    if (this.worker && this.connection) await closeWithConnection(this.worker, this.connection);
  }

  private async send(bot: TelegramBotApiClient, job: Job<TelegramNoticeJob>, token: string | undefined): Promise<void> {
    const slot = await this.limiter.reserve(job.data.chatId);
    if (!slot.reserved) return this.retryAfter(job, token, slot.waitMs);
    if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs));
    try {
      await bot.sendMessage(job.data.chatId, job.data.text);
    } catch (error) {
      if (!(error instanceof TelegramApiError)) throw error;
      if (error.status === 429 && error.retryAfterSeconds !== null) {
        const ms = error.retryAfterSeconds * 1000;
        await this.limiter.pauseAll(ms);
        return this.retryAfter(job, token, ms);
      }
      if (error.status === 400 || error.status === 403) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  /** Back to the queue until `ms` from now, without spending an attempt. */
  private async retryAfter(job: Job<TelegramNoticeJob>, token: string | undefined, ms: number): Promise<never> {
    await job.moveToDelayed(Date.now() + ms, token);
    throw new DelayedError();
  }
}
