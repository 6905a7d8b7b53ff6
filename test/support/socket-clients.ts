import { io, type Socket } from 'socket.io-client';
import type { OnlineStats } from '@portal/contracts';

/** A browser's user agent: the gateway tells bots from visitors by it (docs/realtime.md). */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A test's socket.io clients: websocket only, never reconnecting by themselves, all closed at once. */
export function socketClients() {
  const sockets: Socket[] = [];
  return {
    open(url: string, namespace: string, auth: Record<string, string>): Socket {
      const socket = io(`${url}${namespace}`, {
        path: '/socket.io/',
        transports: ['websocket'],
        auth,
        extraHeaders: { 'user-agent': BROWSER_USER_AGENT },
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return socket;
    },
    closeAll(): void {
      sockets.forEach((socket) => socket.disconnect());
    },
  };
}

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Every payload of `event` the socket gets from now on. */
export function record<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** The newest `online-stats` each socket has been sent, kept up to date from now on. */
export function latestOnlineStats(sockets: Socket[]): { stats: OnlineStats | null }[] {
  return sockets.map((socket) => {
    const box: { stats: OnlineStats | null } = { stats: null };
    socket.on('online-stats', (next: OnlineStats) => (box.stats = next));
    return box;
  });
}
