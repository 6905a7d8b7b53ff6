import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import {
  ErrorCode,
  GENERIC_MESSAGES,
  TELEGRAM_MESSAGES,
  type TelegramSession,
  type TelegramSessionCheck,
  type TelegramWebhookRequest,
} from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AUTH_LOGGER } from '../../auth.tokens';
import { TELEGRAM_SETTINGS, type TelegramSettings } from '../telegram.settings';
import { SubscriptionCheckService } from './subscription-check.service';
import { TelegramChannelService } from './telegram-channel.service';
import { TelegramSessionsStore } from './telegram-sessions.store';

/** Telegram retries a webhook call it saw fail; an update id handled within this window is skipped. */
const SEEN_UPDATE_TTL_SECONDS = 24 * 3600;

/** The verification sessions as the web client drives them, and the webhook's way in. */
@Injectable()
export class TelegramVerificationService {
  constructor(
    @Inject(TELEGRAM_SETTINGS) private readonly settings: TelegramSettings | null,
    private readonly sessions: TelegramSessionsStore,
    private readonly channel: TelegramChannelService,
    private readonly checks: SubscriptionCheckService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {}

  get required(): boolean {
    return this.settings !== null;
  }

  async createSession(): Promise<TelegramSession> {
    if (!this.settings) throw RpcError.of(ErrorCode.Conflict, TELEGRAM_MESSAGES.off);
    try {
      const botUrl = await this.channel.botUrl();
      return { sessionToken: await this.sessions.create(this.settings.sessionTtlSeconds), botUrl };
    } catch (error) {
      this.logger.error({ err: error }, 'telegram session not created');
      throw RpcError.of(ErrorCode.ServiceUnavailable, TELEGRAM_MESSAGES.sessionFailed);
    }
  }

  checkSession(sessionToken: string): Promise<TelegramSessionCheck> {
    return this.sessions.check(sessionToken);
  }

  /** Uses up a verified session; `null` when the token is missing, unknown, expired, unverified or used. */
  async consumeVerified(sessionToken: string | null | undefined): Promise<string | null> {
    return sessionToken ? this.sessions.consumeVerified(sessionToken) : null;
  }

  async receiveWebhook({ secretToken, update }: TelegramWebhookRequest): Promise<{ accepted: boolean }> {
    const secret = this.settings?.webhook?.secret;
    if (!secret || !secretToken || !sameSecret(secretToken, secret)) throw RpcError.of(ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden);
    const firstTime = await this.redis.set(`${this.redisOptions.keyPrefix}auth:tg:seen:${update.update_id}`, '1', 'EX', SEEN_UPDATE_TTL_SECONDS, 'NX');
    if (firstTime === 'OK') await this.checks.handle(update);
    return { accepted: true };
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
