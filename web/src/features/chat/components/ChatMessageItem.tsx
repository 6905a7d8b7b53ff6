import type { ChatMessage } from '@portal/contracts';
import { formatMessageTime } from '../lib/format-time';
import { CHAT_STRINGS } from '../strings';
import { MessageText } from './MessageText';

export interface ChatMessageItemProps {
  message: ChatMessage;
  own: boolean;
  /** Admins get a delete button. */
  onDelete?(id: string): void;
  deleting?: boolean;
}

export function ChatMessageItem({ message, own, onDelete, deleting = false }: ChatMessageItemProps) {
  const time = formatMessageTime(message.createdAt);
  return (
    <li className={own ? 'chat-message chat-message--own' : 'chat-message'} data-own={own || undefined}>
      <div className="chat-message__body">
        <div className="chat-message__meta">
          <span className="chat-message__author">
            {message.username}
            {own ? <span className="chat-message__you"> ({CHAT_STRINGS.you})</span> : null}
          </span>
          <time className="chat-message__time" dateTime={message.createdAt}>
            {time}
          </time>
          {onDelete ? (
            <button
              type="button"
              className="chat-message__delete"
              aria-label={CHAT_STRINGS.deleteMessage(message.username, time)}
              title={CHAT_STRINGS.deleteMessage(message.username, time)}
              disabled={deleting}
              onClick={() => onDelete(message.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <p className="chat-message__text">
          <MessageText text={message.message} />
        </p>
      </div>
    </li>
  );
}
