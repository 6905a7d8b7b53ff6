import { openNamespaceSocket } from './namespace-socket';

type Listener = (...args: never[]) => void;

/** What a socket.io client socket offers that a lease passes through. */
interface ListenableSocket {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  disconnect(): unknown;
}

/** One holder's view of a shared socket: its own listeners, and `disconnect` releases only its share. */
export interface SocketLease {
  on(event: string, listener: Listener): SocketLease;
  disconnect(): void;
}

interface Shared {
  socket: Promise<ListenableSocket>;
  holders: number;
}

const shared = new Map<string, Shared>();

/**
 * One connection per namespace and token for every part of the page that listens on it (the bell and
 * the rewards both listen on `/notifications`): each caller leases it, and the connection closes when
 * the last lease is released. A lease's `disconnect` removes only its own listeners.
 */
export async function leaseNamespaceSocket<S>(
  namespace: string,
  token: string,
  open: (namespace: string, token: string) => Promise<ListenableSocket> = openNamespaceSocket,
): Promise<S> {
  const key = `${namespace}\n${token}`;
  let entry = shared.get(key);
  if (!entry) {
    entry = { socket: open(namespace, token), holders: 0 };
    shared.set(key, entry);
  }
  const held = entry;
  held.holders += 1;
  const release = () => {
    held.holders -= 1;
    if (held.holders > 0) return;
    if (shared.get(key) === held) shared.delete(key);
    void held.socket.then(
      (socket) => socket.disconnect(),
      () => undefined,
    );
  };

  let socket: ListenableSocket;
  try {
    socket = await held.socket;
  } catch (error) {
    release();
    throw error;
  }
  const own: Array<[string, Listener]> = [];
  let released = false;
  const lease: SocketLease = {
    on(event, listener) {
      if (!released) {
        socket.on(event, listener);
        own.push([event, listener]);
      }
      return lease;
    },
    disconnect() {
      if (released) return;
      released = true;
      for (const [event, listener] of own) socket.off(event, listener);
      release();
    },
  };
  return lease as S;
}
