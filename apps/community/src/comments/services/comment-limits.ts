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
  private readonly turnsKey: string;

  constructor(
    private readonly comments: CommentsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) options: RedisOptions,
    @Inject(COMMENT_LIMITS) private readonly settings: CommentLimitSettings,
  ) {
    this.burst = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${options.keyPrefix}comments:rl`, points: 1, duration: settings.perSeconds });
    this.turnsKey = `${options.keyPrefix}comments:rl-call:`;
  }

  /**
   * Takes the user's turn, or refuses with 429 and the seconds to wait. `callId`: the write request's
   * id; when a replica dies holding the request, the one that takes it over runs it again under the
   * same id, and the turn the first run took is not taken twice (it would refuse a comment never stored).
   */
  async consume(userId: string, callId?: string): Promise<void> {
    const recent = await this.comments.recentBy(userId, this.settings.daily);
    if (recent.length >= this.settings.daily) {
      // A turn comes back when the oldest of the day's last `daily` comments is a day old.
      const freedAt = recent[recent.length - 1].getTime() + DAY_MS;
      throw RpcError.of(ErrorCode.RateLimited, COMMENT_MESSAGES.dailyLimit, { retryAfterSeconds: secondsUntil(freedAt - Date.now()) });
    }
    if (callId && !(await this.firstRunOf(callId))) return;
    await this.burst.consume(userId).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw RpcError.of(ErrorCode.RateLimited, COMMENT_MESSAGES.rateLimited, { retryAfterSeconds: secondsUntil(error.msBeforeNext) });
    });
  }

  /** Gives back the turn `consume` took, for a comment that was then not stored. Best effort: a lost refund only makes the user wait. */
  async giveBack(userId: string): Promise<void> {
    await this.burst.reward(userId, 1).catch(() => undefined);
  }

  private async firstRunOf(callId: string): Promise<boolean> {
    return (await this.redis.set(`${this.turnsKey}${callId}`, '1', 'EX', CALL_MARK_SECONDS, 'NX')) === 'OK';
  }
}

/** Far longer than any request deadline: only a re-run of the same call finds the mark. */
const CALL_MARK_SECONDS = 300;

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
