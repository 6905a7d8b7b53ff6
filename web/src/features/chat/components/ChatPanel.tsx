import { forwardRef, useId, type KeyboardEvent, type Ref } from 'react';
import { isAdminUser, type ChatMessage, type SelfUser } from '@portal/contracts';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { Spinner } from '../../../shared/ui/Spinner';
import { useDeleteChatMessage } from '../api/chat-api';
import type { ChatConnectionStatus } from '../api/chat-socket';
import { useStickToBottom } from '../hooks/useStickToBottom';
import { deleteErrorText } from '../lib/chat-errors';
import { CHAT_PANEL_HEIGHT_PX } from '../lib/chat-constants';
import { CHAT_STRINGS } from '../strings';
import { ChatComposer } from './ChatComposer';
import { ChatMessageItem } from './ChatMessageItem';

export type ChatPanelState = 'loading' | 'failed' | 'ready';

export interface ChatPanelProps {
  status: ChatConnectionStatus;
  user: SelfUser | null;
  /** Visible messages (system messages already left out), oldest first. */
  messages: readonly ChatMessage[];
  state: ChatPanelState;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onRetry(): void;
  onClose(): void;
  /** Where focus goes on opening: the input (desktop) or the panel itself. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The open chat: header with the connection dot and close button, the messages, the composer. */
export const ChatPanel = forwardRef<HTMLElement, ChatPanelProps>(function ChatPanel(
  { status, user, messages, state, hasOlder, loadingOlder, onLoadOlder, onRetry, onClose, inputRef },
  ref,
) {
  const titleId = useId();
  const scroller = useStickToBottom<HTMLDivElement>(messages);
  const remove = useDeleteChatMessage();
  const admin = user !== null && isAdminUser(user);
  const connected = status === 'connected';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  const deleteMessage = (id: string) => remove.mutate(id, { onError: (error) => notify.error(CHAT_STRINGS.deleteErrorTitle, deleteErrorText(error)) });

  return (
    <section ref={ref} className="chat-panel" aria-labelledby={titleId} tabIndex={-1} style={{ height: CHAT_PANEL_HEIGHT_PX }} onKeyDown={onKeyDown}>
      <header className="chat-panel__header">
        <h2 id={titleId} className="chat-panel__title">
          {CHAT_STRINGS.title}
        </h2>
        <span className="chat-panel__status" data-state={connected ? 'online' : 'offline'} title={CHAT_STRINGS.status[status]}>
          <span className="chat-panel__dot" aria-hidden="true" />
          <span className="visually-hidden">{CHAT_STRINGS.status[status]}</span>
        </span>
        <button type="button" className="chat-panel__close" aria-label={CHAT_STRINGS.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>

      <div ref={scroller} className="chat-panel__scroller">
        {hasOlder && state === 'ready' ? (
          <Button variant="ghost" size="small" className="chat-panel__older" disabled={loadingOlder} onClick={onLoadOlder}>
            {loadingOlder ? CHAT_STRINGS.loadingEarlier : CHAT_STRINGS.loadEarlier}
          </Button>
        ) : null}
        {state === 'loading' ? (
          <div className="chat-panel__state">
            <Spinner label={CHAT_STRINGS.loading} />
          </div>
        ) : state === 'failed' ? (
          <div className="chat-panel__state" role="alert">
            <p>{CHAT_STRINGS.loadFailed}</p>
            <Button variant="secondary" size="small" onClick={onRetry}>
              {CHAT_STRINGS.retry}
            </Button>
          </div>
        ) : messages.length === 0 ? (
          <p className="chat-panel__state muted">{CHAT_STRINGS.empty}</p>
        ) : null}
        <div role="log" aria-label={CHAT_STRINGS.messagesLabel}>
          {messages.length > 0 ? (
            <ul className="chat-panel__messages">
              {messages.map((message) => (
                <ChatMessageItem
                  key={message.id}
                  message={message}
                  own={user !== null && message.userId === user.id}
                  onDelete={admin ? deleteMessage : undefined}
                  deleting={remove.isPending && remove.variables === message.id}
                />
              ))}
            </ul>
          ) : null}
        </div>
      </div>

      <ChatComposer ref={inputRef} connected={connected} user={user} />
    </section>
  );
});
