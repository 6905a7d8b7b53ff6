import type { z } from 'zod';
import type { siteStatsSchema } from './moderation.answers';

/**
 * Site statistics for admins (docs/moderation.md, «Statistics»): daily figures the moderation service
 * aggregates from events, and the live depth of every job queue. Plain types: the web imports them too.
 */

/** The ranges the statistics page offers, in days (today included). */
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** The daily counters, each fed by one event (or the moderation's own writes). */
export const STATS_METRICS = [
  'registrations',
  'activeUsers',
  'episodesWatched',
  'chatMessages',
  'comments',
  'reviews',
  'reportsOpened',
  'reportsResolved',
] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];

export const STATS_METRIC_LABELS: Record<StatsMetric, string> = {
  registrations: 'Регистрации',
  activeUsers: 'Активные пользователи',
  episodesWatched: 'Просмотрено серий',
  chatMessages: 'Сообщения в чате',
  comments: 'Комментарии',
  reviews: 'Рецензии',
  reportsOpened: 'Жалобы поданы',
  reportsResolved: 'Жалобы рассмотрены',
};

export type SiteStats = z.output<typeof siteStatsSchema>;
/** One day (Moscow time, YYYY-MM-DD) with every counter; a day without activity has zeros. */
export type StatsDay = SiteStats['series'][number];
/** A BullMQ queue as it is now. */
export type QueueDepth = SiteStats['queues'][number];

export const STATS_MESSAGES = {
  days: `Период статистики: ${STATS_RANGES.join(', ')} дней`,
} as const;

/** Days are counted in Moscow time, the audience's (UTC+3 all year since 2014). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The statistics day of a moment: YYYY-MM-DD in Moscow time. */
export function statsDayOf(at: Date | string | number): string {
  return new Date(new Date(at).getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The `days` statistics days ending with the one of `now`, oldest first. */
export function statsDaysEnding(now: Date, days: number): string[] {
  const today = Date.parse(`${statsDayOf(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** The Redis key of one day's active users (a HyperLogLog), under the deployment's key prefix. */
export const activeUsersKey = (keyPrefix: string, day: string) => `${keyPrefix}stats:active:${day}`;
