import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { activeUsersKey, statsDayOf } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/** A day's key outlives the longest statistics range (90 days). */
const KEEP_SECONDS = 100 * 24 * 60 * 60;
/** Users remembered per replica and day; past it a user may be added twice, which a HyperLogLog ignores. */
const MAX_REMEMBERED = 200_000;

/**
 * Daily active users for the site statistics: each signed-in user who makes a request is added to the
 * day's HyperLogLog (PFADD, 12 KB a day whatever the audience), at most once a day per replica, without
 * waiting for Redis and without failing the request if it is away.
 */
@Injectable()
export class ActiveUsersTracker {
  private day = '';
  private seenToday = new Set<string>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
  ) {}

  seen(userId: string, now = new Date()): void {
    const day = statsDayOf(now);
    if (day !== this.day) {
      this.day = day;
      this.seenToday = new Set();
    }
    if (this.seenToday.has(userId)) return;
    if (this.seenToday.size < MAX_REMEMBERED) this.seenToday.add(userId);
    const key = activeUsersKey(this.options.keyPrefix, day);
    this.redis
      .multi()
      .pfadd(key, userId)
      .expire(key, KEEP_SECONDS)
      .exec()
      // Redis away: the next request of this user tries again.
      .catch(() => this.seenToday.delete(userId));
  }
}
