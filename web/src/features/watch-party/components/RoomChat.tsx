import { useState, type FormEvent } from 'react';
import { WATCH_PARTY_CHAT_MAX_LENGTH, type WatchPartyChatMessage } from '@portal/contracts';
import { Button } from '../../../shared/ui/Button';
import { UserName } from '../../../shared/ui/UserName';
import { WATCH_PARTY_STRINGS as S } from '../strings';

export interface RoomChatProps {
  messages: WatchPartyChatMessage[];
  error: string | null;
  disabled: boolean;
  onSend(text: string): void;
}

const timeOf = (sentAt: number) => new Date(sentAt).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });

/** The room's own chat; messages are plain text (React escapes them), never HTML. */
export function RoomChat({ messages, error, disabled, onSend }: RoomChatProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || disabled) return;
    onSend(trimmed);
    setText('');
  };
  return (
    <section className="card watch-party__chat" aria-labelledby="watch-party-chat">
      <h2 id="watch-party-chat" className="watch-party__section-title">
        {S.chatTitle}
      </h2>
      <ol className="watch-party__chat-log" role="log" aria-label={S.chatLog}>
        {messages.length === 0 ? <li className="watch-party__chat-empty">{S.chatEmpty}</li> : null}
        {messages.map((message) => (
          <li key={message.id} className="watch-party__chat-message">
            <span className="watch-party__chat-author">
              <UserName name={message.username} />
            </span>{' '}
            <time className="watch-party__chat-time" dateTime={new Date(message.sentAt).toISOString()}>
              {timeOf(message.sentAt)}
            </time>
            <p className="watch-party__chat-text" dir="auto">
              {message.text}
            </p>
          </li>
        ))}
      </ol>
      <form className="watch-party__chat-form" onSubmit={submit}>
        <input
          className="field__input"
          value={text}
          maxLength={WATCH_PARTY_CHAT_MAX_LENGTH}
          placeholder={S.chatPlaceholder}
          aria-label={S.chatInput}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" size="small" disabled={disabled || text.trim() === ''}>
          {S.send}
        </Button>
      </form>
      {error ? (
        <p className="watch-party__chat-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
