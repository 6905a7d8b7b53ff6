import { useEffect, useRef } from 'react';

interface ClosableSocket {
  disconnect(): void;
}

/**
 * Opens a socket with `connect(token)` while `token` is set (and `key`, e.g. the user id, stays the
 * same), hands it to `listen` once open, and disconnects on unmount or when they change. A socket
 * that opens after the unmount is closed at once. Live updates are a bonus: a failed connection is ignored.
 */
export function useLiveSocket<S extends ClosableSocket>(
  connect: (token: string) => Promise<S>,
  token: string | null,
  key: string | null,
  listen: (socket: S) => void,
): void {
  // The latest listener is used when the socket opens: the effect need not re-run for a new closure.
  const latestListen = useRef(listen);
  useEffect(() => {
    latestListen.current = listen;
  });

  useEffect(() => {
    if (!token || !key) return undefined;
    let cancelled = false;
    let close: (() => void) | null = null;
    void connect(token)
      .then((socket) => {
        if (cancelled) {
          socket.disconnect();
          return;
        }
        latestListen.current(socket);
        close = () => socket.disconnect();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      close?.();
    };
  }, [connect, token, key]);
}
