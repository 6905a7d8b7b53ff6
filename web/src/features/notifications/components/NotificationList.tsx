import type { NotificationItem } from '@portal/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { markNotificationsRead, notificationsKeys, notificationsListQuery } from '../api/notifications-api';
import { markReadInPages, notificationHref, type NotificationPages } from '../lib/notifications-cache';
import { formatFullDate, formatRelativeDate } from '../../../shared/lib/relative-date';
import { NOTIFICATIONS_STRINGS as S } from '../strings';

export interface NotificationListProps {
  userId: string;
  unread: number;
  /** Called when an item leads somewhere: the popover closes. */
  onNavigate(): void;
}

/** The popover's content: «Прочитать все», the items newest first, «Показать ещё». */
export function NotificationList({ userId, unread, onNavigate }: NotificationListProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useInfiniteQuery(notificationsListQuery(userId));

  const applyRead = (ids: readonly string[] | 'all', left: number) => {
    queryClient.setQueryData<number>(notificationsKeys.unread(userId), left);
    queryClient.setQueryData<NotificationPages>(notificationsKeys.list(userId), (pages) => markReadInPages(pages, ids, left));
  };

  const readAll = useMutation({
    mutationFn: () => markNotificationsRead({ all: true }),
    onSuccess: ({ unread: left }) => applyRead('all', left),
  });

  const readOne = useMutation({
    mutationFn: (id: string) => markNotificationsRead({ ids: [id] }),
    onMutate: (id) => {
      const before = {
        unread: queryClient.getQueryData<number>(notificationsKeys.unread(userId)),
        pages: queryClient.getQueryData<NotificationPages>(notificationsKeys.list(userId)),
      };
      applyRead([id], Math.max(0, (before.unread ?? 1) - 1));
      return before;
    },
    onSuccess: ({ unread: left }, id) => applyRead([id], left),
    onError: (error, _id, before) => {
      if (before) {
        queryClient.setQueryData(notificationsKeys.unread(userId), before.unread);
        queryClient.setQueryData(notificationsKeys.list(userId), before.pages);
      }
      notify.error(S.readError, errorMessage(error));
    },
  });

  const open = (item: NotificationItem) => {
    if (!item.read) readOne.mutate(item.id);
    const href = notificationHref(item);
    if (href) {
      onNavigate();
      void navigate(href);
    }
  };

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="notification-list">
      <div className="notification-list__head">
        <h2 className="notification-list__title">{S.title}</h2>
        <Button variant="ghost" size="small" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
          {S.readAll}
        </Button>
      </div>
      {readAll.isError ? (
        <p className="notification-list__error" role="alert">
          {S.readError}: {errorMessage(readAll.error)}
        </p>
      ) : null}
      {list.isPending ? (
        <p className="notification-popover__state" role="status">
          {S.loading}
        </p>
      ) : list.isError ? (
        <div className="notification-popover__state" role="alert">
          <p className="notification-list__error">{S.loadError}</p>
          <p className="muted">{errorMessage(list.error)}</p>
          <Button size="small" variant="secondary" onClick={() => void list.refetch()}>
            {S.retry}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="notification-popover__state">{S.empty}</p>
      ) : (
        <ul className="notification-list__items">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={item.read ? 'notification-item' : 'notification-item notification-item--unread'}
                data-notification-id={item.id}
                onClick={() => open(item)}
              >
                {item.read ? null : <span className="notification-item__dot" role="img" aria-label={S.unreadMark} />}
                <span className="notification-item__text">{item.text}</span>
                <time className="notification-item__time" dateTime={item.updatedAt} title={formatFullDate(item.updatedAt)}>
                  {formatRelativeDate(item.updatedAt)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="notification-list__more">
          {list.isFetchNextPageError ? (
            <p className="notification-list__error" role="alert">
              {S.moreError}
            </p>
          ) : null}
          <Button variant="secondary" size="small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {S.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
