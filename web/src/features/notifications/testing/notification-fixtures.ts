import type { NotificationItem, NotificationPage } from '@portal/contracts';
import type { NotificationsSocket, NotificationsSocketConnector } from '../api/notifications-socket';

/** `minutes` before now, as ISO text. */
export const minutesAgo = (minutes: number, now = Date.now()) => new Date(now - minutes * 60_000).toISOString();

const ivan = { id: 'u-2', username: 'ivan' };

/** A reply to the viewer's comment on title 1; override any field. */
export function makeNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  const at = minutesAgo(5);
  return {
    id: 'n-1',
    kind: 'comment.reply',
    actors: [ivan],
    actorCount: 1,
    target: { type: 'comment', commentId: 'c-2', parentId: 'c-1', targetType: 'anime', targetId: '1', excerpt: 'Согласен!' },
    text: 'ivan ответил на ваш комментарий',
    createdAt: at,
    updatedAt: at,
    read: false,
    ...overrides,
  } as NotificationItem;
}

export const makeNotificationPage = (
  items: NotificationItem[],
  nextCursor: string | null = null,
  unread = items.filter((item) => !item.read).length,
): NotificationPage => ({
  items,
  nextCursor,
  unread,
});

/** A socket without a server, for stories and tests: `push`/`pushUnread` deliver events, `token` is what it was opened with. */
export function fakeNotificationsConnector(): NotificationsSocketConnector & {
  push(notification: NotificationItem, unread: number): void;
  pushUnread(unread: number): void;
  readonly token: string | null;
  readonly closed: boolean;
  readonly ready: boolean;
} {
  const listeners = new Map<string, Array<(payload?: unknown) => void>>();
  const state = { token: null as string | null, closed: false, ready: false };
  const connector = async (token: string): Promise<NotificationsSocket> => {
    state.token = token;
    state.closed = false;
    const socket = {
      on(event: string, listener: (payload?: unknown) => void) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        if (event === 'notification:new') state.ready = true;
      },
      disconnect() {
        state.closed = true;
        state.ready = false;
        listeners.clear();
      },
    };
    return socket as unknown as NotificationsSocket;
  };
  const deliver = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
  // defineProperties, not Object.assign: the getters must stay live (assign would copy their first values).
  return Object.defineProperties(connector, {
    push: { value: (notification: NotificationItem, unread: number) => deliver('notification:new', { notification, unread }) },
    pushUnread: { value: (unread: number) => deliver('notification:unread', { unread }) },
    token: { get: () => state.token },
    closed: { get: () => state.closed },
    ready: { get: () => state.ready },
  }) as ReturnType<typeof fakeNotificationsConnector>;
}
