import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode, REPORT_MESSAGES, REPORTS_PER_HOUR } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { RpcError } from '@portal/platform';

const HOUR_SECONDS = 3600;

/** At most REPORTS_PER_HOUR reports per user, in a Redis window every replica shares. */
@Injectable()
export class ReportLimits {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${options.keyPrefix}reports:rl`, points: REPORTS_PER_HOUR, duration: HOUR_SECONDS });
  }

  async consume(userId: string): Promise<void> {
    await this.limiter.consume(userId).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw RpcError.of(ErrorCode.RateLimited, REPORT_MESSAGES.rateLimited, { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
    });
  }
}
