import { NOTIFICATIONS_PAGE_DEFAULT, type NotificationPage, type UnreadCount } from '@portal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';

const notifications = operationsOf('notifications');

export function fetchNotificationPage(cursor: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  return notifications.list({ limit: NOTIFICATIONS_PAGE_DEFAULT, cursor: cursor ?? undefined }, { signal });
}

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return notifications.unreadCount({}, { signal });
}

/** Marks the given notifications (or all of them) read; answers the unread count left. */
export function markNotificationsRead(what: { ids: string[] } | { all: true }): Promise<UnreadCount> {
  return notifications.read(what);
}

/** Keyed by the user: a sign-out keeps the cache, and the next account must not see these. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  unread: (userId: string) => ['notifications', userId, 'unread'] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
};

/** The unread count: read on mount, then kept by the socket and by every read. */
export const unreadCountQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationsKeys.unread(userId),
    queryFn: ({ signal }) => fetchUnreadCount(signal).then((answer) => answer.unread),
    staleTime: 60_000,
  });

/** The caller's notifications, most recently updated first, page by page (`nextCursor`). */
export const notificationsListQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(userId),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });
