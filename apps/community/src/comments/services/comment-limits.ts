import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { COMMENT_MESSAGES, ErrorCode } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { CommentsRepository } from '../comments.repository';

export const COMMENT_LIMITS = Symbol('COMMENT_LIMITS');

export interface CommentLimitSettings {
  /** One comment per this many seconds per user (COMMENT_RATE_SECONDS). */
  perSeconds: number;
  /** At most this many per user in 24 hours (COMMENT_DAILY_LIMIT). */
  daily: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * How often one user may comment: once per `perSeconds` (a Redis window shared by every replica)
 * and `daily` times a day (counted in the comments table itself, deleted ones included).
 */
@Injectable()
export class CommentLimits {
  private readonly burst: RateLimiterRedis;

  constructor(
    private readonly comments: CommentsRepository,
    @Inject(REDIS) redis: Redis,
    @Inject(REDIS_OPTIONS) options: RedisOptions,
    @Inject(COMMENT_LIMITS) private readonly settings: CommentLimitSettings,
  ) {
    this.burst = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${options.keyPrefix}comments:rl`, points: 1, duration: settings.perSeconds });
  }

  /** Takes the user's turn, or refuses with 429 and the seconds to wait. */
  async consume(userId: string): Promise<void> {
    const recent = await this.comments.recentBy(userId, this.settings.daily);
    if (recent.length >= this.settings.daily) {
      // A turn comes back when the oldest of the day's last `daily` comments is a day old.
      const freedAt = recent[recent.length - 1].getTime() + DAY_MS;
      throw RpcError.of(ErrorCode.RateLimited, COMMENT_MESSAGES.dailyLimit, { retryAfterSeconds: secondsUntil(freedAt - Date.now()) });
    }
    await this.burst.consume(userId).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw RpcError.of(ErrorCode.RateLimited, COMMENT_MESSAGES.rateLimited, { retryAfterSeconds: secondsUntil(error.msBeforeNext) });
    });
  }
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
