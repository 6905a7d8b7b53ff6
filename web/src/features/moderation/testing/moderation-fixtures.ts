import { STATS_METRICS, type AdminUserRow, type ReportCase, type SiteStats, type StatsDay, type StatsMetric, type StatsRange } from '@portal/contracts';
import type { MockResponse } from '../../../test/mock-api';

export const caseId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A case with two reports on a comment, open; fields override. */
export function makeReportCase(fields: Partial<ReportCase> = {}): ReportCase {
  return {
    id: caseId(1),
    target: { type: 'comment', id: caseId(901) },
    status: 'open',
    snapshot: { authorId: 'u-7', authorUsername: 'troll', excerpt: 'Купите мой курс по аниме! Скидка 90 %', link: '/anime/20#comment-x' },
    count: 2,
    reasons: [
      { reason: 'spam', count: 1 },
      { reason: 'offtopic', count: 1 },
    ],
    reports: [
      { reporter: { id: 'u-1', username: 'sakura' }, reason: 'spam', text: null, createdAt: '2026-11-20T10:00:00.000Z' },
      { reporter: { id: 'u-2', username: 'hinata' }, reason: 'offtopic', text: 'Реклама в обсуждении серии', createdAt: '2026-11-20T09:00:00.000Z' },
    ],
    held: false,
    firstReportedAt: '2026-11-20T09:00:00.000Z',
    lastReportedAt: '2026-11-20T10:00:00.000Z',
    decision: null,
    ...fields,
  };
}

/** The envelope of one queue page (data and meta, as GET /admin/reports answers). */
export const queuePage = (items: ReportCase[], total = items.length, page = 1): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta: { page, limit: 20, total } },
});

/** The envelope of one page of GET /users. */
export const usersPage = (items: AdminUserRow[], total = items.length, page = 1): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta: { page, limit: 20, total } },
});

/** GET /admin/stats for `days` days ending 2026-11-26: a day's figures grow with its index; `quiet` is all zeros. */
export function makeSiteStats(days: StatsRange = 7, { quiet = false, failed = 2 }: { quiet?: boolean; failed?: number } = {}): SiteStats {
  const end = Date.parse('2026-11-26T00:00:00Z');
  const series: StatsDay[] = Array.from({ length: days }, (_, index) => {
    const n = quiet ? 0 : index + 1;
    return {
      day: new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
      registrations: n,
      activeUsers: n * 10,
      episodesWatched: n * 7,
      chatMessages: n * 5,
      comments: n * 3,
      reviews: n,
      reportsOpened: n,
      reportsResolved: Math.max(0, n - 1),
    };
  });
  const totals = Object.fromEntries(STATS_METRICS.map((metric) => [metric, series.reduce((sum, day) => sum + day[metric], 0)])) as Record<StatsMetric, number>;
  return {
    days,
    series,
    totals,
    queues: [
      { name: 'events-moderation', waiting: 0, active: 0, delayed: 0, failed: 0 },
      { name: 'auth-telegram-notices', waiting: 4, active: 1, delayed: 0, failed },
    ],
  };
}
