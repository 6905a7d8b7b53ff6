import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ONLINE_USERNAMES_SHOWN, type OnlineUsersPage } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';
import { ONLINE_LIST_PAGE_SIZE } from '../../../shared/config/constants';

export const onlineKeys = {
  users: ['online', 'users'] as const,
};

const online = operationsOf('online');

/** Names of the signed-in users online from `offset`, alphabetically. */
export function fetchOnlineUsers(offset: number, signal?: AbortSignal): Promise<OnlineUsersPage> {
  return online.users({ offset, limit: ONLINE_LIST_PAGE_SIZE }, { signal });
}

/** The names after the first ones of `online-stats`, page by page. */
export function onlineUsersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: onlineKeys.users,
    queryFn: ({ pageParam, signal }) => fetchOnlineUsers(pageParam, signal),
    initialPageParam: ONLINE_USERNAMES_SHOWN,
    getNextPageParam: (last: OnlineUsersPage) => {
      const next = last.offset + last.items.length;
      return last.items.length > 0 && next < last.total ? next : undefined;
    },
    // Who is online changes by the second: pages are forgotten once the dialog closes.
    gcTime: 0,
  });
}

/** Loaded only on «Показать ещё»: every `fetchNextPage` brings the next page (the first one included). */
export function useOnlineUsers() {
  return useInfiniteQuery({ ...onlineUsersQueryOptions(), enabled: false });
}
