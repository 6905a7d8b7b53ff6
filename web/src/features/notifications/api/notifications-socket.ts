import { createContext } from 'react';
import { leaseNamespaceSocket } from '../../../shared/api/shared-namespace-socket';
import { NOTIFICATIONS_NAMESPACE, type NotificationItem, type UnreadCount } from '@portal/contracts';

/** The slice of a socket.io client socket the bell uses; stories and tests pass a fake one. */
export interface NotificationsSocket {
  on(event: 'notification:new', listener: (payload: { notification: NotificationItem; unread: number }) => void): void;
  on(event: 'notification:unread', listener: (payload: UnreadCount) => void): void;
  on(event: 'connect', listener: () => void): void;
  disconnect(): void;
}

export type NotificationsSocketConnector = (token: string) => Promise<NotificationsSocket>;

/**
 * Opens `/notifications` (websocket only, the token as auth, as the chat does); the server puts the
 * socket in its user's room. The rewards listen on the same connection (a shared lease).
 */
export const connectNotificationsSocket: NotificationsSocketConnector = (token) => leaseNamespaceSocket(NOTIFICATIONS_NAMESPACE, token);

/** Which connector the bell uses: the real one, unless a story or test provides another. */
export const NotificationsSocketContext = createContext<NotificationsSocketConnector>(connectNotificationsSocket);
