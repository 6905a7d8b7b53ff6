import type { Socket } from 'socket.io-client';
import { CHAT_NAMESPACE, type ChatClientToServerEvents, type ChatMessage, type ChatServerToClientEvents } from '@portal/contracts';
import { CHAT_SOCKET_RECONNECTION } from '../lib/chat-constants';

export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

export type ChatConnectionStatus = 'connecting' | 'connected' | 'disconnected';

export interface ChatSocketSnapshot {
  status: ChatConnectionStatus;
  /** Grows on every successful connect: the widget reloads the messages each time. */
  connects: number;
}

/** What the socket pushes, as the widget consumes it. */
export type ChatSocketEvent = { type: 'newMessage'; message: ChatMessage } | { type: 'messageDeleted'; id: string };

const INITIAL: ChatSocketSnapshot = { status: 'disconnected', connects: 0 };
let snapshot: ChatSocketSnapshot = INITIAL;
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: ChatSocketEvent) => void>();

function publish(next: Partial<ChatSocketSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((listener) => listener());
}

/**
 * The chat connection as a tiny external store (read through useSyncExternalStore), plus the
 * socket's events. Tests and stories drive it directly, without a server.
 */
export const chatSocketStore = {
  getSnapshot: (): ChatSocketSnapshot => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  setStatus(status: Exclude<ChatConnectionStatus, 'connected'>): void {
    if (snapshot.status !== status) publish({ status });
  },
  /** A (re)connect: connected, and one more connect so the messages are reloaded. */
  connected(): void {
    publish({ status: 'connected', connects: snapshot.connects + 1 });
  },
  onEvent(listener: (event: ChatSocketEvent) => void): () => void {
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  },
  /** Delivers an event as the socket would. */
  emit(event: ChatSocketEvent): void {
    eventListeners.forEach((listener) => listener(event));
  },
  /** Back to "no socket" (between tests and stories). */
  reset(): void {
    snapshot = INITIAL;
    listeners.forEach((listener) => listener());
  },
};

export interface ChatSocketOptions {
  /** The stored token; anonymous readers connect without one. */
  token: string | null;
  /** Once per run of failed attempts (reset by a successful connect). */
  onConnectError(): void;
}

/**
 * Opens the /chat namespace (websocket only, up to 5 reconnection attempts 1 s apart, 20 s timeout)
 * and feeds the store. socket.io-client is imported lazily so it stays out of the entry chunk.
 */
export async function connectChatSocket({ token, onConnectError }: ChatSocketOptions): Promise<() => void> {
  chatSocketStore.setStatus('connecting');
  const { io } = await import('socket.io-client');
  const socket: ChatSocket = io(CHAT_NAMESPACE, {
    path: '/socket.io/',
    transports: ['websocket'],
    auth: token ? { token } : {},
    // Its own connection: sharing the general socket's would also share its transports and reconnection.
    forceNew: true,
    ...CHAT_SOCKET_RECONNECTION,
  });
  let errorReported = false;
  socket.on('connect', () => {
    errorReported = false;
    chatSocketStore.connected();
  });
  socket.on('disconnect', () => chatSocketStore.setStatus('disconnected'));
  socket.on('connect_error', () => {
    chatSocketStore.setStatus('disconnected');
    if (errorReported) return;
    errorReported = true;
    onConnectError();
  });
  const onReconnectAttempt = () => chatSocketStore.setStatus('connecting');
  const onReconnectFailed = () => chatSocketStore.setStatus('disconnected');
  socket.io.on('reconnect_attempt', onReconnectAttempt);
  socket.io.on('reconnect_failed', onReconnectFailed);
  socket.on('newMessage', (message) => chatSocketStore.emit({ type: 'newMessage', message }));
  socket.on('messageDeleted', ({ id }) => chatSocketStore.emit({ type: 'messageDeleted', id }));
  return () => {
    socket.removeAllListeners();
    socket.io.off('reconnect_attempt', onReconnectAttempt);
    socket.io.off('reconnect_failed', onReconnectFailed);
    socket.disconnect();
    chatSocketStore.setStatus('disconnected');
  };
}
