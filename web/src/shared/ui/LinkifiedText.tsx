import { Fragment, useMemo } from 'react';
import { withoutBidiControls } from '@portal/contracts';
import { splitMessageText } from '../lib/linkify';

/** The chat's links: new tab, no opener, no referrer, no endorsement. */
export const USER_LINK_REL = 'noopener noreferrer nofollow ugc';

export interface LinkifiedTextProps {
  text: string;
  /** The anchors' `rel` (comments ask for "nofollow ugc noopener"). */
  rel?: string;
}

/**
 * User text (chat messages, comments) as text nodes; http(s) addresses become links that open in a
 * new tab. No other markup is ever produced: `<script>` or `javascript:` stay visible text. Direction
 * controls are dropped (the server stores none since #30; older text may hold them) and each link's
 * text is isolated, so a link reads as the address it opens. Its container sets `dir="auto"`.
 */
export function LinkifiedText({ text, rel = USER_LINK_REL }: LinkifiedTextProps) {
  const parts = useMemo(() => splitMessageText(withoutBidiControls(text)), [text]);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel={rel}>
            <bdi>{part.text}</bdi>
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
