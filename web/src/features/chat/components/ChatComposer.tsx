import { forwardRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH, type SelfUser } from '@portal/contracts';
import { Button } from '../../../shared/ui/Button';
import { notify } from '../../../shared/ui/notify';
import { useSendChatMessage } from '../api/chat-api';
import { sendErrorText } from '../lib/chat-errors';
import { canSendChatMessage } from '../lib/send-rules';
import { CHAT_STRINGS } from '../strings';

export interface ChatComposerProps {
  connected: boolean;
  user: SelfUser | null;
}

/** The input and send button; anonymous readers see it disabled with a sign-in hint. */
export const ChatComposer = forwardRef<HTMLInputElement, ChatComposerProps>(function ChatComposer({ connected, user }, ref) {
  const [text, setText] = useState('');
  const send = useSendChatMessage();
  const anonymous = !user;
  const sendable = canSendChatMessage({ connected, user, text });

  const placeholder = anonymous ? CHAT_STRINGS.placeholderAnonymous : connected ? CHAT_STRINGS.placeholder : CHAT_STRINGS.placeholderConnecting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC.md section 5: blocked silently (the button already says so by being disabled).
    if (!sendable || send.isPending) return;
    send.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => notify.error(CHAT_STRINGS.sendErrorTitle, sendErrorText(error)),
    });
  };

  return (
    <form className="chat-composer" onSubmit={submit} aria-busy={send.isPending || undefined}>
      <input
        ref={ref}
        className="chat-composer__input field__input"
        type="text"
        aria-label={CHAT_STRINGS.inputLabel}
        placeholder={placeholder}
        value={anonymous ? '' : text}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        disabled={anonymous}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" className="chat-composer__send" disabled={!sendable || send.isPending}>
        {send.isPending ? CHAT_STRINGS.sending : CHAT_STRINGS.send}
      </Button>
    </form>
  );
});
