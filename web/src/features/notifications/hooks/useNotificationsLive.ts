import { useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { useLiveSocket } from '../../../shared/api/useLiveSocket';
import { notificationsKeys } from '../api/notifications-api';
import { NotificationsSocketContext } from '../api/notifications-socket';
import { mergeNotification, type NotificationPages } from '../lib/notifications-cache';

/**
 * While the bell is shown (a signed-in user): the `/notifications` socket. `notification:new` puts the
 * item on top of the cached list (replacing one with the same id) and sets the count;
 * `notification:unread` (a read in another tab, and once on connect) sets the count. Closed on unmount.
 */
export function useNotificationsLive(userId: string, token: string | null): void {
  const connect = useContext(NotificationsSocketContext);
  const queryClient = useQueryClient();
  useLiveSocket(connect, token, userId, (socket) => {
    socket.on('notification:new', ({ notification, unread }) => {
      queryClient.setQueryData<number>(notificationsKeys.unread(userId), unread);
      queryClient.setQueryData<NotificationPages>(notificationsKeys.list(userId), (pages) => mergeNotification(pages, notification, unread));
    });
    socket.on('notification:unread', ({ unread }) => {
      const known = queryClient.getQueryData<number>(notificationsKeys.unread(userId));
      queryClient.setQueryData<number>(notificationsKeys.unread(userId), unread);
      // Read elsewhere (another tab): an open list re-reads its read marks.
      if (known !== undefined && known !== unread) {
        void queryClient.invalidateQueries({ queryKey: notificationsKeys.list(userId), refetchType: 'active' });
      }
    });
  });
}
