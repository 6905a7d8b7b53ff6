import { createContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useMediaQuery } from '../../../shared/lib/useMediaQuery';
import { commentAnchorId } from '../lib/comment-links';

/** The comment highlighted for a moment after a link scrolled to it (AnimeComments provides it); null for none. */
export const HighlightedCommentContext = createContext<string | null>(null);

/** How long a comment reached by a link stays highlighted. */
export const COMMENT_HIGHLIGHT_MS = 2500;

/**
 * Once the comment `targetId` is rendered (`ready`), scrolls it into view (at once when the viewer asks
 * for reduced motion, else smoothly) and returns its id for a moment, to highlight it. Once per
 * navigation: later refetches and live comments do not scroll the page again; following the same link
 * again does.
 */
export function useScrollToComment(targetId: string | null, ready: boolean): string | null {
  const { key } = useLocation();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!targetId || !ready || handled.current === key) return;
    // A turn later: the list is in the document and laid out.
    const timer = window.setTimeout(() => {
      const element = document.getElementById(commentAnchorId(targetId));
      if (!element) return;
      handled.current = key;
      element.scrollIntoView?.({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'center' });
      setHighlighted(targetId);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [targetId, ready, key, reducedMotion]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = window.setTimeout(() => setHighlighted(null), COMMENT_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
