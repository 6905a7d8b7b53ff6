import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../shared/config/constants';
import { chatBadgeText, publishChatUnread } from '../../../shared/events/chat-unread';
import { onOpenChat } from '../../../shared/events/open-chat';
import { useMediaQuery } from '../../../shared/lib/useMediaQuery';
import { useSession } from '../../../shared/session/session-context';
import { Icon } from '../../../shared/ui/Icon';
import { notify } from '../../../shared/ui/notify';
import { useChatMessages } from '../api/chat-api';
import { useChatSocketEvents } from '../hooks/useChatSocketEvents';
import { useChatSocketState } from '../hooks/useChatSocketState';
import { useLastRead } from '../hooks/useLastRead';
import { loadErrorText } from '../lib/chat-errors';
import { lastReadStore } from '../lib/last-read-store';
import { flattenMessages } from '../lib/messages-cache';
import { countUnread, lastReadMarker } from '../lib/unread';
import { CHAT_STRINGS } from '../strings';
import { ChatPanel, type ChatPanelState } from './ChatPanel';
import '../chat.css';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export interface ChatWidgetProps {
  /** Start open (stories); the app starts closed. */
  defaultOpen?: boolean;
}

/**
 * The chat of SPEC.md section 2: closed, an icon with the unread count (desktop only); open, a
 * 500 px panel. Opened by the icon or the global open-chat event (the bottom bar's "Чат"), closed
 * by its close button. The socket lives in ChatConnection; this reads its state from the store.
 */
export function ChatWidget({ defaultOpen = false }: ChatWidgetProps) {
  const { user } = useSession();
  const { status, connects } = useChatSocketState();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(defaultOpen);
  const query = useChatMessages();
  const { refetch, fetchNextPage } = query;
  const lastReadId = useLastRead();
  useChatSocketEvents();

  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const focusOnChange = useRef(false);

  const loadFailed = query.isError && !query.isFetchNextPageError;
  const loaded = query.data !== undefined;
  const messages = useMemo(() => (loadFailed ? [] : flattenMessages(query.data)), [loadFailed, query.data]);
  const visible = useMemo(() => messages.filter((message) => !message.isSystem), [messages]);
  const unread = countUnread(messages, lastReadId, open);
  useEffect(() => publishChatUnread(unread), [unread]);

  // One GET at a time: an open and a connect arriving together share it (and its error toast).
  const pending = useRef<Promise<void> | null>(null);
  const load = useCallback(() => {
    pending.current ??= refetch({ cancelRefetch: false })
      .then((result) => {
        if (result.isError) notify.error(CHAT_STRINGS.loadErrorTitle, loadErrorText(result.error));
      })
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  }, [refetch]);

  const loadOlder = useCallback(async () => {
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isError) notify.error(CHAT_STRINGS.loadErrorTitle, loadErrorText(result.error));
  }, [fetchNextPage]);

  // SPEC.md section 7: GET on every socket connect (and on mounting while connected)...
  useEffect(() => {
    if (status === 'connected') void load();
  }, [status, connects, load]);

  // ...and on opening.
  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  // While open everything is read: the marker follows the newest message, cleared when there is none.
  useEffect(() => {
    if (open && (loaded || loadFailed)) lastReadStore.set(lastReadMarker(messages));
  }, [open, loaded, loadFailed, messages]);

  useEffect(
    () =>
      onOpenChat(() => {
        focusOnChange.current = true;
        setOpen(true);
      }),
    [],
  );

  // Focus: into the panel on opening, back to the icon on closing.
  useLayoutEffect(() => {
    if (!focusOnChange.current) return;
    focusOnChange.current = false;
    if (!open) launcher.current?.focus();
    else if (!isMobile && input.current && !input.current.disabled) input.current.focus();
    else panel.current?.focus();
  }, [open, isMobile]);

  const openChat = () => {
    focusOnChange.current = true;
    setOpen(true);
  };
  const closeChat = () => {
    focusOnChange.current = true;
    setOpen(false);
  };

  const panelState: ChatPanelState = loadFailed ? 'failed' : loaded ? 'ready' : 'loading';

  if (open) {
    return (
      <div className="chat-widget chat-widget--open">
        <ChatPanel
          ref={panel}
          inputRef={input}
          status={status}
          user={user}
          messages={visible}
          state={panelState}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void loadOlder()}
          onRetry={() => void load()}
          onClose={closeChat}
        />
      </div>
    );
  }
  if (isMobile) return null;
  return (
    <div className="chat-widget">
      <button
        ref={launcher}
        type="button"
        className="chat-launcher"
        aria-label={unread > 0 ? CHAT_STRINGS.openWithUnread(unread) : CHAT_STRINGS.open}
        title={CHAT_STRINGS.open}
        onClick={openChat}
      >
        <Icon name="chat" sizePx={26} />
        {unread > 0 ? (
          <span className="chat-launcher__badge" aria-hidden="true">
            {chatBadgeText(unread)}
          </span>
        ) : null}
      </button>
    </div>
  );
}
