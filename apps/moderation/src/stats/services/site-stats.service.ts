import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { activeUsersKey, STATS_METRICS, statsDaysEnding, type SiteStats, type StatsDay, type StatsMetric, type StatsQuery } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { StatsRepository } from '../stats.repository';
import { QueueDepthsReader } from './queue-depths.reader';

const zeros = (): Record<StatsMetric, number> => Object.fromEntries(STATS_METRICS.map((metric) => [metric, 0])) as Record<StatsMetric, number>;

/**
 * The admins' statistics page: the daily counters of the range (one indexed read), each day's active
 * users from its HyperLogLog (fed by the gateway, once per user and day), and the queues as they are now.
 */
@Injectable()
export class SiteStatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly queues: QueueDepthsReader,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
  ) {}

  async get({ days }: StatsQuery, now = new Date()): Promise<SiteStats> {
    const range = statsDaysEnding(now, days);
    const [rows, active, queues] = await Promise.all([this.stats.range(range[0], range[range.length - 1]), this.activeUsers(range), this.queues.read()]);
    const byDay = new Map<string, StatsDay>(range.map((day, index) => [day, { day, ...zeros(), activeUsers: active[index] }]));
    for (const row of rows) {
      const entry = byDay.get(row.day);
      if (entry && (STATS_METRICS as readonly string[]).includes(row.metric) && row.metric !== 'activeUsers') entry[row.metric as StatsMetric] = row.value;
    }
    const series = [...byDay.values()];
    const totals = zeros();
    for (const entry of series) for (const metric of STATS_METRICS) totals[metric] += entry[metric];
    return { days, series, totals, queues };
  }

  /** PFCOUNT of each day's key in one round trip. */
  private async activeUsers(days: string[]): Promise<number[]> {
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.pfcount(activeUsersKey(this.redisOptions.keyPrefix, day));
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, count]) => (error ? 0 : Number(count)));
  }
}
