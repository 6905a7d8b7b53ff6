import type { OrderSort, OrderStatus, Suggestion } from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';

const orders = operationsOf('orders');
const anime = operationsOf('anime');

export interface OrderFilters {
  status?: OrderStatus;
  sort: OrderSort;
  page: number;
}

/** A catalogue title (animeId) or a typed name, and the note. */
export type OrderDraft = ({ animeId: number } | { title: string }) & { note: string };

export interface OrderStatusChange {
  status: OrderStatus;
  reason?: string;
  animeId?: number;
}

export const fetchOrders = ({ status, sort, page }: OrderFilters, signal?: AbortSignal) =>
  orders.list({ status, sort, page: page > 1 ? page : undefined }, { signal });
export const createOrder = (draft: OrderDraft) => orders.create(draft);
export const setOrderVote = (id: string, voted: boolean) => (voted ? orders.vote({ id }) : orders.unvote({ id }));
export const setOrderStatus = (id: string, change: OrderStatusChange) => orders.setStatus({ ...change, id });
export const suggestTitles = (q: string, signal?: AbortSignal): Promise<Suggestion[]> => anime.suggest({ q, limit: 6 }, { signal });

export const ordersKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (filters: OrderFilters) => ['orders', 'list', filters.status ?? 'all', filters.sort, filters.page] as const,
  suggest: (q: string) => ['orders', 'suggest', q] as const,
};

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: ordersKeys.list(filters),
    queryFn: ({ signal }) => fetchOrders(filters, signal),
    placeholderData: keepPreviousData,
  });

export const titleSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ordersKeys.suggest(q),
    queryFn: ({ signal }) => suggestTitles(q, signal),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });
