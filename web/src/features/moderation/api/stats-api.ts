import type { SiteStats, StatsRange } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';

/** The statistics address (docs/api.md, «Statistics»). */
export const STATS_PATH = '/admin/stats';

export const fetchSiteStats = (days: StatsRange, signal?: AbortSignal) => apiRequest<SiteStats>(STATS_PATH, { query: { days }, signal });

export const statsKeys = { range: (days: StatsRange) => ['admin', 'stats', days] as const };

/** A minute fresh: the counters move with every event, an admin reloads the page to see the latest. */
export const siteStatsQuery = (days: StatsRange) =>
  queryOptions({ queryKey: statsKeys.range(days), queryFn: ({ signal }) => fetchSiteStats(days, signal), placeholderData: keepPreviousData, staleTime: 60_000 });

export const useSiteStats = (days: StatsRange) => useQuery(siteStatsQuery(days));
