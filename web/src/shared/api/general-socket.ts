import type { Socket } from 'socket.io-client';
import type { GeneralClientToServerEvents, GeneralServerToClientEvents, GeneralSocketAuth, OnlineStats } from '@portal/contracts';
import { GENERAL_SOCKET_RECONNECTION } from '../config/constants';

export type GeneralSocket = Socket<GeneralServerToClientEvents, GeneralClientToServerEvents>;

export interface RealtimeSnapshot {
  connected: boolean;
  stats: OnlineStats | null;
}

/** Who the app says it is when connecting; null for a guest. */
export interface GeneralSocketIdentity {
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

const CLIENT_ID_KEY = 'clientId';

/**
 * A random id kept in local storage, so every tab of one browser counts once among the guests.
 * Matches the server's format (8-64 word characters or dashes); without storage it lasts one page view.
 */
export function getClientId(): string {
  const storage = localStorageOrNull();
  const stored = storage?.getItem(CLIENT_ID_KEY);
  if (stored && /^[\w-]{8,64}$/.test(stored)) return stored;
  const created = randomId();
  try {
    storage?.setItem(CLIENT_ID_KEY, created);
  } catch {
    // Storage full or blocked: the id still serves this connection.
  }
  return created;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The handshake `auth` of the general socket: only the fields that are set. */
export function generalSocketAuth(identity: GeneralSocketIdentity, clientId: string): GeneralSocketAuth {
  return {
    ...(identity.token ? { token: identity.token } : {}),
    ...(identity.username ? { username: identity.username } : {}),
    clientId,
  };
}

/**
 * Connects the general socket (websocket first, then polling) with SPEC.md section 9 reconnection.
 * socket.io-client is imported lazily so it stays out of the entry chunk.
 */
export async function connectGeneralSocket(identity: GeneralSocketIdentity): Promise<() => void> {
  const { io } = await import('socket.io-client');
  const socket: GeneralSocket = io({
    path: '/socket.io/',
    transports: ['websocket', 'polling'],
    auth: generalSocketAuth(identity, getClientId()),
    ...GENERAL_SOCKET_RECONNECTION,
  });
  socket.on('connect', () => {
    publish({ connected: true });
    socket.emit('set-username', identity.username);
  });
  socket.on('disconnect', () => publish({ connected: false }));
  socket.on('online-stats', (stats) => publish({ stats }));
  return () => {
    socket.removeAllListeners();
    socket.disconnect();
    publish({ connected: false });
  };
}
