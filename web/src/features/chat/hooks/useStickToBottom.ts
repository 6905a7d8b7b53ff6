import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { ChatMessage } from '@portal/contracts';

const NEAR_BOTTOM_PX = 80;

/**
 * For the scrolling list of messages: shows the newest message when one arrives (if the reader was
 * already near the bottom) and keeps the reader's place when an older page is put above.
 */
export function useStickToBottom<T extends HTMLElement>(messages: readonly ChatMessage[]): RefObject<T | null> {
  const container = useRef<T>(null);
  const previous = useRef({ first: null as string | null, last: null as string | null, height: 0, nearBottom: true });

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const before = previous.current;
    const first = messages[0]?.id ?? null;
    const last = messages[messages.length - 1]?.id ?? null;
    if (last !== before.last && before.nearBottom) element.scrollTop = element.scrollHeight;
    else if (first !== before.first && last === before.last) element.scrollTop += element.scrollHeight - before.height;
    const remember = () => {
      previous.current = {
        first,
        last,
        height: element.scrollHeight,
        nearBottom: element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX,
      };
    };
    remember();
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [messages]);

  return container;
}
