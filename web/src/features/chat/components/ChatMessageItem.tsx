import type { ChatMessage } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { useSession } from '../../../shared/session/session-context';
import { Avatar } from '../../../shared/ui/Avatar';
import { ReportButton } from '../../../shared/ui/ReportButton';
import { formatMessageTime } from '../lib/format-time';
import { CHAT_STRINGS } from '../strings';
import { LinkifiedText } from '../../../shared/ui/LinkifiedText';
import { UserName } from '../../../shared/ui/UserName';

export interface ChatMessageItemProps {
  message: ChatMessage;
  own: boolean;
  /** Admins get a delete button. */
  onDelete?(id: string): void;
  deleting?: boolean;
}

/** One message: the author's avatar and name (a link to their profile; a system message has neither), the time, the text. */
export function ChatMessageItem({ message, own, onDelete, deleting = false }: ChatMessageItemProps) {
  const time = formatMessageTime(message.createdAt);
  const { user } = useSession();
  return (
    <li className={own ? 'chat-message chat-message--own' : 'chat-message'} data-own={own || undefined}>
      {message.isSystem ? null : <Avatar src={message.avatar} alt="" sizePx={28} />}
      <div className="chat-message__body">
        <div className="chat-message__meta">
          <span className="chat-message__author">
            {message.isSystem ? (
              message.username
            ) : (
              <Link className="chat-message__profile" to={`/user/${encodeURIComponent(message.username)}`}>
                <UserName name={message.username} />
              </Link>
            )}
            {own ? <span className="chat-message__you"> ({CHAT_STRINGS.you})</span> : null}
          </span>
          <time className="chat-message__time" dateTime={message.createdAt}>
            {time}
          </time>
          {user && !own && !message.isSystem ? <ReportButton target={{ type: 'chat_message', id: message.id }} className="chat-message__report" /> : null}
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
        <p className="chat-message__text" dir="auto">
          <LinkifiedText text={message.message} />
        </p>
      </div>
    </li>
  );
}
