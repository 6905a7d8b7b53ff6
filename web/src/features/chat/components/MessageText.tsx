import { Fragment, useMemo } from 'react';
import { splitMessageText } from '../lib/message-text';

/**
 * User text as text nodes; http(s) addresses become links that open in a new tab without the
 * opener or a referrer and carry no endorsement. No other markup is ever produced.
 */
export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => splitMessageText(text), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
