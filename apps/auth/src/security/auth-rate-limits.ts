import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { RpcError } from '@portal/platform';

export const AUTH_RATE_LIMITS = Symbol('AUTH_RATE_LIMITS');

export interface AuthRateLimitSettings {
  loginFailuresPerIp: number;
  loginFailuresPerAccountAndIp: number;
  registrationsPerIp: number;
}

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/**
 * Brute-force limits kept in Redis, so they hold across replicas. Failed logins count per IP and per
 * account *and* IP: an attacker elsewhere exhausts only their own budget, never the victim's.
 */
@Injectable()
export class AuthRateLimits {
  private readonly loginByIp: RateLimiterRedis;
  private readonly loginByAccountAndIp: RateLimiterRedis;
  private readonly registerByIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) { keyPrefix }: RedisOptions, @Inject(AUTH_RATE_LIMITS) settings: AuthRateLimitSettings) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}auth:rl:${name}`, points, duration });
    this.loginByIp = limiter('login-ip', settings.loginFailuresPerIp, FIFTEEN_MINUTES);
    this.loginByAccountAndIp = limiter('login-account-ip', settings.loginFailuresPerAccountAndIp, FIFTEEN_MINUTES);
    this.registerByIp = limiter('register-ip', settings.registrationsPerIp, ONE_HOUR);
  }

  async assertLoginAllowed(ip: string, email: string): Promise<void> {
    const [byIp, byAccount] = await Promise.all([this.loginByIp.get(ip), this.loginByAccountAndIp.get(accountKey(email, ip))]);
    const blocked = [
      [byIp, this.loginByIp.points],
      [byAccount, this.loginByAccountAndIp.points],
    ].filter(([result, points]) => result instanceof RateLimiterRes && result.consumedPoints >= (points as number));
    if (blocked.length > 0) {
      throw rateLimited(Math.max(...blocked.map(([result]) => (result as RateLimiterRes).msBeforeNext)));
    }
  }

  async recordLoginFailure(ip: string, email: string): Promise<void> {
    await Promise.all([this.loginByIp.penalty(ip, 1), this.loginByAccountAndIp.penalty(accountKey(email, ip), 1)]);
  }

  async recordLoginSuccess(ip: string, email: string): Promise<void> {
    await this.loginByAccountAndIp.delete(accountKey(email, ip));
  }

  async consumeRegistration(ip: string): Promise<void> {
    try {
      await this.registerByIp.consume(ip);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext);
      throw error;
    }
  }
}

const accountKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

function rateLimited(msBeforeNext: number): RpcError {
  return RpcError.of(ErrorCode.RateLimited, GENERIC_MESSAGES.rateLimited, {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}
