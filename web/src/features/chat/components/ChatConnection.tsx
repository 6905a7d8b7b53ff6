import { useEffect } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { notify } from '../../../shared/ui/notify';
import { connectChatSocket } from '../api/chat-socket';
import { CHAT_STRINGS } from '../strings';

/**
 * Keeps the /chat socket open for the visit once the session is settled (anonymous readers
 * connect without a token), reconnecting when the token changes. It renders nothing: the widget
 * reads the connection from the chat store.
 */
export function ChatConnection() {
  const { status, token } = useSession();
  const settled = status !== 'checking';

  useEffect(() => {
    if (!settled) return undefined;
    let disconnect: (() => void) | null = null;
    let cancelled = false;
    void connectChatSocket({
      token,
      onConnectError: () => notify.error(CHAT_STRINGS.connectErrorTitle, CHAT_STRINGS.connectErrorText),
    }).then((close) => {
      if (cancelled) close();
      else disconnect = close;
    });
    return () => {
      cancelled = true;
      disconnect?.();
    };
  }, [settled, token]);

  return null;
}
