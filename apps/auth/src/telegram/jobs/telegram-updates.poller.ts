import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { REDIS, REDIS_OPTIONS, RedisLease, type RedisOptions } from '@portal/messaging';
import { AUTH_LOGGER } from '../../auth.tokens';
import { TelegramApiError, type TelegramBotApiClient } from '../bot-api/telegram-bot-api.client';
import { SubscriptionCheckService } from '../services/subscription-check.service';
import { TELEGRAM_SETTINGS, type TelegramSettings } from '../telegram.settings';
import { TELEGRAM_BOT_API } from '../telegram.tokens';

/** A poller that dies keeps the others waiting at most this long. */
const LEASE_TTL_MS = 15_000;
const LEASE_RETRY_MS = 2_000;
const ERROR_BACKOFF_MS = 3_000;

/**
 * getUpdates long polling, by exactly one replica of the cluster: the holder of a Redis lease (two
 * pollers would each get 409 Conflict from Telegram and could handle an update twice). The offset
 * lives in Redis and moves past an update once it is handled, so a restart or a new holder resumes
 * where the last one stopped. Off when the bot is not configured or a webhook is.
 */
@Injectable()
export class TelegramUpdatesPoller implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly stopping = new AbortController();
  private readonly lease: RedisLease;
  private loop: Promise<void> | undefined;

  constructor(
    @Inject(TELEGRAM_SETTINGS) private readonly settings: TelegramSettings | null,
    @Inject(TELEGRAM_BOT_API) private readonly bot: TelegramBotApiClient | null,
    private readonly checks: SubscriptionCheckService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {
    this.lease = new RedisLease(redis, `${redisOptions.keyPrefix}auth:tg:poller`, LEASE_TTL_MS);
  }

  onApplicationBootstrap() {
    if (!this.settings || !this.bot) return;
    if (this.settings.webhook) {
      // Every replica may say it: setWebhook with the same address and secret changes nothing.
      const { url, secret } = this.settings.webhook;
      this.bot.setWebhook(url, secret).catch((error: unknown) => this.logger.error({ err: error }, 'telegram setWebhook failed'));
      return;
    }
    this.loop = this.run(this.bot, this.settings);
  }

  async beforeApplicationShutdown() {
    this.stopping.abort();
    await this.loop;
    await this.lease.release();
  }

  private async run(bot: TelegramBotApiClient, settings: TelegramSettings): Promise<void> {
    let webhookCleared = false;
    while (!this.stopping.signal.aborted) {
      try {
        if (!(await this.lease.tryAcquire())) {
          await this.pause(LEASE_RETRY_MS);
          continue;
        }
        // getUpdates answers 409 while a webhook (of an earlier set-up) is active.
        if (!webhookCleared) webhookCleared = await bot.deleteWebhook();
        await this.pollOnce(bot, settings);
      } catch (error) {
        if (this.stopping.signal.aborted) break;
        const retryAfter = error instanceof TelegramApiError ? error.retryAfterSeconds : null;
        this.logger.warn({ err: error }, 'telegram getUpdates failed');
        await this.pause(retryAfter !== null ? retryAfter * 1000 : ERROR_BACKOFF_MS);
      }
    }
  }

  private async pollOnce(bot: TelegramBotApiClient, settings: TelegramSettings): Promise<void> {
    const stored = await this.redis.get(this.offsetKey());
    const updates = await bot.getUpdates(stored === null ? undefined : Number(stored), settings.pollTimeoutSeconds, this.stopping.signal);
    for (const update of updates) {
      // Only the holder may move the offset: a poller that lost its lease leaves the rest to the next one.
      if (!(await this.lease.renew())) return;
      await this.checks.handle(update);
      await this.redis.set(this.offsetKey(), String(update.update_id + 1));
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.stopping.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }

  private offsetKey() {
    return `${this.redisOptions.keyPrefix}auth:tg:offset`;
  }
}
