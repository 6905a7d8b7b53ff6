import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CommunityCounts, ListPage, ListStatus, PublicUser } from '@portal/contracts';
import { LIST_QUERY_ROOTS } from '../../../shared/api/title-api';
import { operationsOf } from '../../../shared/api/operations-client';

/** One page of a list with the count of every status (the tabs' numbers). */
export type { ListPage };

const lists = operationsOf('lists');
const accounts = operationsOf('accounts');
const profileActivity = operationsOf('profileActivity');

/** Whose list: the signed-in viewer's own (`null`) or a user's public one. */
export type ListOwner = string | null;

export const LIST_PAGE_SIZE = 50;
/** The ratings tab reads the whole list (no status) in the largest pages the server gives. */
export const RATINGS_PAGE_SIZE = 100;

export function fetchPublicUser(username: string, signal?: AbortSignal): Promise<PublicUser> {
  return accounts.profile({ username }, { signal });
}

export function fetchList(owner: ListOwner, params: { status?: ListStatus; page: number; limit: number }, signal?: AbortSignal): Promise<ListPage> {
  return owner === null ? lists.mine(params, { signal }) : lists.ofUser({ ...params, username: owner }, { signal });
}

/** The numbers of the «Рецензии» and «Комментарии» tabs, as the viewer may see them (their own pending reviews count). */
export function fetchCommunityCounts(username: string, signal?: AbortSignal): Promise<CommunityCounts> {
  return profileActivity.counts({ username }, { signal });
}

/** Every profile key starts with "profile" (a list import refreshes that root). */
export const profileKeys = {
  all: LIST_QUERY_ROOTS.profile,
  user: (username: string) => [...profileKeys.all, 'user', username] as const,
  list: (owner: ListOwner, status: ListStatus | 'all') => [...profileKeys.all, 'list', owner ?? '@me', status] as const,
  communityCounts: (username: string) => [...profileKeys.all, 'community-counts', username] as const,
};

export const publicUserQuery = (username: string) =>
  queryOptions({ queryKey: profileKeys.user(username), queryFn: ({ signal }) => fetchPublicUser(username, signal), staleTime: 60_000 });

/** One status's entries page by page; `status` undefined reads the whole list (for the ratings). */
export const listQuery = (owner: ListOwner, status: ListStatus | undefined) => {
  const limit = status ? LIST_PAGE_SIZE : RATINGS_PAGE_SIZE;
  return infiniteQueryOptions({
    queryKey: profileKeys.list(owner, status ?? 'all'),
    queryFn: ({ pageParam, signal }) => fetchList(owner, { status, page: pageParam, limit }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 30_000,
  });
};

/** The community tabs' numbers, one request for both, so the labels show them before either tab is opened. */
export const communityCountsQuery = (username: string) =>
  queryOptions({ queryKey: profileKeys.communityCounts(username), queryFn: ({ signal }) => fetchCommunityCounts(username, signal), staleTime: 30_000 });
