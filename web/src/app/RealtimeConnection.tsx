import { useEffect } from 'react';
import { connectGeneralSocket } from '../shared/api/general-socket';
import { usePageSettled } from '../shared/lib/page-settled';
import { useSession } from '../shared/session/session-context';

/**
 * Keeps the general socket open for the whole visit, reconnecting when the user changes; opened once
 * the first page has settled (socket.io's code and handshake do not compete with the page).
 */
export function RealtimeConnection() {
  const { status, token, user } = useSession();
  const username = user?.username ?? null;
  const pageSettled = usePageSettled();
  const settled = status !== 'checking' && pageSettled;

  useEffect(() => {
    if (!settled) return undefined;
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    void connectGeneralSocket({ token: username ? token : null, username }).then((close) => {
      if (cancelled) close();
      else disconnect = close;
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [settled, token, username]);

  return null;
}
