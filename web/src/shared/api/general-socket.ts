import type { Socket } from 'socket.io-client';
import { GENERAL_SOCKET_RECONNECTION } from '../config/constants';
import type { GeneralClientToServerEvents, GeneralServerToClientEvents, OnlineStats } from './realtime-events';

export type GeneralSocket = Socket<GeneralServerToClientEvents, GeneralClientToServerEvents>;

export interface RealtimeSnapshot {
  connected: boolean;
  stats: OnlineStats | null;
}

export interface GeneralSocketAuth {
  token: string | null;
  username: string | null;
}

let snapshot: RealtimeSnapshot = { connected: false, stats: null };
const listeners = new Set<() => void>();

function publish(next: Partial<RealtimeSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((listener) => listener());
}

/** A tiny external store: components read it through useSyncExternalStore. */
export const realtimeStore = {
  getSnapshot: (): RealtimeSnapshot => snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** For tests and stories: feed stats without a server. */
  publish,
};

/**
 * Connects the general socket (websocket first, then polling) with SPEC.md section 9 reconnection.
 * socket.io-client is imported lazily so it stays out of the entry chunk.
 */
export async function connectGeneralSocket(auth: GeneralSocketAuth): Promise<() => void> {
  const { io } = await import('socket.io-client');
  const socket: GeneralSocket = io({
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    auth: { ...(auth.token ? { token: auth.token } : {}), ...(auth.username ? { username: auth.username } : {}) },
    ...GENERAL_SOCKET_RECONNECTION,
  });
  socket.on('connect', () => {
    publish({ connected: true });
    socket.emit('set-username', auth.username);
  });
  socket.on('disconnect', () => publish({ connected: false }));
  socket.on('online-stats', (stats) => publish({ stats }));
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
    publish({ connected: false });
  };
}
