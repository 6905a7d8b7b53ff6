/** The socket.io contract (path /socket.io/): the general connection and the /chat namespace. */
import type { ChatMessage } from './chat.answers';
import type { OnlineStats, OnlineUsersPage } from './online.answers';

export type { OnlineStats };

export const ONLINE_USERNAMES_SHOWN = 20;

/** `GET /api/online/users?offset&limit`: everyone online, in the order of `OnlineStats.usernames`. */
export type { OnlineUsersPage };

/** What a general client may send in its handshake `auth`. */
export interface GeneralSocketAuth {
  token?: string;
  username?: string;
  /** A random id the browser keeps, so a guest's tabs count once. */
  clientId?: string;
}

export interface GeneralServerToClientEvents {
  'online-stats': (stats: OnlineStats) => void;
}

export interface GeneralClientToServerEvents {
  'set-username': (username: string | null) => void;
}

export const CHAT_NAMESPACE = '/chat';

export type { ChatMessage };

export interface ChatServerToClientEvents {
  newMessage: (message: ChatMessage) => void;
  messageDeleted: (payload: { id: string }) => void;
}

export type ChatClientToServerEvents = Record<string, never>;

export const CHAT_MESSAGE_MAX_LENGTH = 500;

export const CHAT_MESSAGES = {
  empty: 'Сообщение не может быть пустым',
  tooLong: `Сообщение не может быть длиннее ${CHAT_MESSAGE_MAX_LENGTH} символов`,
  rateLimited: 'Вы отправляете сообщения слишком часто, подождите немного',
  notFound: 'Сообщение не найдено',
  badCursor: 'Некорректный курсор страницы',
} as const;

/** The socket.io Redis adapter's channel key, under the deployment's REDIS_KEY_PREFIX. */
export const socketIoRedisKey = (keyPrefix: string) => `${keyPrefix}socket.io`;
