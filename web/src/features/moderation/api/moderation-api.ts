import type { ReportAction, ReportCase, ReportSort, ReportStatus } from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';
import type { BanInput } from './bans-api';

const reports = operationsOf('reports');

export interface QueueFilters {
  status: ReportStatus;
  sort: ReportSort;
  page: number;
}

export interface ReportDecision {
  action: ReportAction;
  deleteContent: boolean;
  /** With `resolve`: ban the content's author in the same decision (docs/moderation.md, «Bans»). */
  ban?: BanInput;
}

export const fetchReportQueue = ({ status, sort, page }: QueueFilters, signal?: AbortSignal) => reports.queue({ status, sort, page }, { signal });
export const decideReport = (id: string, decision: ReportDecision): Promise<ReportCase> => reports.decide({ ...decision, id });

export const moderationKeys = {
  queue: ['moderation', 'reports'] as const,
  page: (filters: QueueFilters) => ['moderation', 'reports', filters.status, filters.sort, filters.page] as const,
};

export const reportQueueQuery = (filters: QueueFilters) =>
  queryOptions({
    queryKey: moderationKeys.page(filters),
    queryFn: ({ signal }) => fetchReportQueue(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Resolve or reject a case; the queue is read again (the case leaves the open list). */
export function useDecideReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReportDecision }) => decideReport(id, decision),
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.queue }),
  });
}
