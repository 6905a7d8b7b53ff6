import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';

const auditLog = operationsOf('auditLog');
export const AUDIT_LOG_PAGE_SIZE = 50;

/** The screen's filters: an event name and a date range (ISO dates, `to` inclusive); empty = any. */
export interface AuditLogFilters {
  event: string;
  from: string;
  to: string;
}

export const fetchAuditLogPage = (filters: AuditLogFilters, page: number, signal?: AbortSignal) =>
  auditLog.list(
    { event: filters.event || undefined, from: filters.from || undefined, to: filters.to || undefined, page, limit: AUDIT_LOG_PAGE_SIZE },
    { signal },
  );

export const auditLogKeys = {
  all: ['admin', 'audit-log'] as const,
  filtered: (filters: AuditLogFilters) => ['admin', 'audit-log', filters] as const,
};

/** Newest first, 50 a page, «Показать ещё» for the next. */
export const auditLogQuery = (filters: AuditLogFilters) =>
  infiniteQueryOptions({
    queryKey: auditLogKeys.filtered(filters),
    queryFn: ({ pageParam, signal }) => fetchAuditLogPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });

export const useAuditLog = (filters: AuditLogFilters) => useInfiniteQuery(auditLogQuery(filters));
