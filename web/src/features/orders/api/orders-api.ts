import type { OrderCreateResult, OrderItem, OrderPage, OrderSort, OrderStatus, OrderVoteState, Suggestion } from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';

/** Every address the order desk calls (docs/api.md, «Order desk»). */
export const ORDERS_PATHS = {
  list: '/orders',
  vote: (id: string) => `/orders/${encodeURIComponent(id)}/vote`,
  status: (id: string) => `/orders/${encodeURIComponent(id)}/status`,
  suggest: '/anime/suggest',
} as const;

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
  apiRequest<OrderPage>(ORDERS_PATHS.list, { query: { status, sort, page: page > 1 ? page : undefined }, signal });
export const createOrder = (draft: OrderDraft) => apiRequest<OrderCreateResult>(ORDERS_PATHS.list, { method: 'POST', body: draft });
export const setOrderVote = (id: string, voted: boolean) => apiRequest<OrderVoteState>(ORDERS_PATHS.vote(id), { method: voted ? 'POST' : 'DELETE' });
export const setOrderStatus = (id: string, change: OrderStatusChange) => apiRequest<OrderItem>(ORDERS_PATHS.status(id), { method: 'PUT', body: change });
export const suggestTitles = (q: string, signal?: AbortSignal) => apiRequest<Suggestion[]>(ORDERS_PATHS.suggest, { query: { q, limit: 6 }, signal });

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
