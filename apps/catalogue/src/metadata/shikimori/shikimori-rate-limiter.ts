import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { METADATA_SETTINGS, type MetadataSettings } from '../metadata.settings';
import { ShikimoriAbortedError, ShikimoriBusyError } from './shikimori.errors';

export interface RateWindows {
  perSecond: number;
  perMinute: number;
  /** Window lengths; the defaults are Shikimori's second and minute plus a margin for network jitter. */
  secondMs?: number;
  minuteMs?: number;
}

/**
 * One log of request start times in a Redis sorted set, checked and appended atomically: a request
 * may start only if fewer than `perSecond` started in the last second and fewer than `perMinute` in
 * the last minute. Unlike fixed windows (which let twice the limit through across a boundary) this
 * holds for every window. Time is Redis's own clock, so all processes agree. A pause key (set after
 * a 429) holds every process back. Returns 0 when the request may go, else milliseconds to wait.
 */
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return paused end
local perSecond, perMinute = tonumber(ARGV[1]), tonumber(ARGV[2])
local secondMs, minuteMs = tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - minuteMs)
local wait = 0
local inMinute = redis.call('ZCARD', KEYS[1])
if inMinute >= perMinute then
  local oldest = redis.call('ZRANGE', KEYS[1], inMinute - perMinute, inMinute - perMinute, 'WITHSCORES')
  wait = math.max(wait, tonumber(oldest[2]) + minuteMs - now)
end
local inSecond = redis.call('ZCOUNT', KEYS[1], now - secondMs + 1, '+inf')
if inSecond >= perSecond then
  local recent = redis.call('ZRANGEBYSCORE', KEYS[1], now - secondMs + 1, '+inf', 'WITHSCORES', 'LIMIT', inSecond - perSecond, 1)
  wait = math.max(wait, tonumber(recent[2]) + secondMs - now)
end
if wait > 0 then return wait end
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[1], minuteMs)
return 0`;

const SECOND_MARGIN_MS = 100;
const MINUTE_MARGIN_MS = 1000;

/** Shikimori's request budget (5/s and 90/min by default), shared by every process through Redis. */
export class RedisSlidingRateLimiter {
  private readonly logKey: string;
  private readonly pauseKey: string;
  private readonly secondMs: number;
  private readonly minuteMs: number;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    private readonly windows: RateWindows,
  ) {
    this.logKey = `${keyPrefix}:log`;
    this.pauseKey = `${keyPrefix}:pause`;
    this.secondMs = windows.secondMs ?? 1000 + SECOND_MARGIN_MS;
    this.minuteMs = windows.minuteMs ?? 60_000 + MINUTE_MARGIN_MS;
  }

  /**
   * Waits until a request may start and takes its slot. Gives up with ShikimoriBusyError when the
   * wait would exceed `maxWaitMs`, and with ShikimoriAbortedError when `signal` aborts.
   */
  async acquire(options: { signal?: AbortSignal; maxWaitMs?: number } = {}): Promise<void> {
    const started = Date.now();
    for (;;) {
      if (options.signal?.aborted) throw new ShikimoriAbortedError();
      const wait = Number(
        await this.redis.eval(
          ACQUIRE_SCRIPT,
          2,
          this.logKey,
          this.pauseKey,
          this.windows.perSecond,
          this.windows.perMinute,
          this.secondMs,
          this.minuteMs,
          randomUUID(),
        ),
      );
      if (wait <= 0) return;
      if (options.maxWaitMs !== undefined && Date.now() - started + wait > options.maxWaitMs) throw new ShikimoriBusyError(wait);
      // A little jitter, so processes woken by the same slot do not all ask at the same instant.
      await sleep(wait + Math.floor(Math.random() * 25), options.signal);
    }
  }

  /** Holds every process back for `ms` (Shikimori said 429 with Retry-After). */
  async pause(ms: number): Promise<void> {
    if (ms > 0) await this.redis.set(this.pauseKey, '1', 'PX', Math.ceil(ms));
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ShikimoriAbortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ShikimoriAbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The limiter of this service, on the shared Redis connection and key prefix. */
@Injectable()
export class ShikimoriRateLimiter extends RedisSlidingRateLimiter {
  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) { keyPrefix }: RedisOptions, @Inject(METADATA_SETTINGS) settings: MetadataSettings) {
    super(redis, `${keyPrefix}catalogue:shikimori:rl`, { perSecond: settings.requestsPerSecond, perMinute: settings.requestsPerMinute });
  }
}
