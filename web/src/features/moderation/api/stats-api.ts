import type { SiteStats, StatsRange } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';

const stats = operationsOf('stats');

export const fetchSiteStats = (days: StatsRange, signal?: AbortSignal): Promise<SiteStats> => stats.get({ days }, { signal });

export const statsKeys = { range: (days: StatsRange) => ['admin', 'stats', days] as const };

/** A minute fresh: the counters move with every event, an admin reloads the page to see the latest. */
export const siteStatsQuery = (days: StatsRange) =>
  queryOptions({
    queryKey: statsKeys.range(days),
    queryFn: ({ signal }) => fetchSiteStats(days, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useSiteStats = (days: StatsRange) => useQuery(siteStatsQuery(days));
