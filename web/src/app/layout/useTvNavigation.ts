import { useEffect, useState } from 'react';
import { TV_NAV_ITEM_COUNT, TV_NAV_MEDIA_QUERY } from '../../shared/config/constants';
import { useMediaQuery } from '../../shared/lib/useMediaQuery';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * TV-like navigation (SPEC.md section 2): on a large screen without hover, Left/Right move a focus
 * index over items 0..6 and Enter activates the focused one. Returns the index, or null when inactive.
 */
export function useTvNavigation(onActivate: (index: number) => void): number | null {
  const active = useMediaQuery(TV_NAV_MEDIA_QUERY);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!active) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        setIndex((current) => Math.min(current + 1, TV_NAV_ITEM_COUNT - 1));
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        setIndex((current) => Math.max(current - 1, 0));
      } else if (event.key === 'Enter') {
        event.preventDefault();
        onActivate(index);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, index, onActivate]);

  return active ? index : null;
}
