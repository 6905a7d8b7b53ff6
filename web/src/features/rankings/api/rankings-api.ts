import type { RankLadder } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';

const rankings = operationsOf('rankings');

export const fetchUserRankings = (signal?: AbortSignal) => rankings.users({}, { signal });
export const fetchTitleRankings = (signal?: AbortSignal) => rankings.titles({}, { signal });
export const fetchRankLadder = (signal?: AbortSignal) => apiRequest<RankLadder>('/ranks', { signal });

export const rankingsKeys = {
  all: ['rankings'] as const,
  /** The boards carry the viewer's own places: one entry per viewer (null for a guest). */
  users: (viewerId: string | null) => ['rankings', 'users', viewerId] as const,
  titles: ['rankings', 'titles'] as const,
  ranks: ['rankings', 'ranks'] as const,
};

export const userRankingsQuery = (viewerId: string | null) =>
  queryOptions({ queryKey: rankingsKeys.users(viewerId), queryFn: ({ signal }) => fetchUserRankings(signal), staleTime: 30_000 });

export const titleRankingsQuery = () => queryOptions({ queryKey: rankingsKeys.titles, queryFn: ({ signal }) => fetchTitleRankings(signal), staleTime: 60_000 });

/** The ladder never changes while the page is open. */
export const rankLadderQuery = () => queryOptions({ queryKey: rankingsKeys.ranks, queryFn: ({ signal }) => fetchRankLadder(signal), staleTime: Infinity });
