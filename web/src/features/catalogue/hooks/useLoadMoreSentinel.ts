import { useEffect, useEffectEvent, useState } from 'react';

/**
 * Infinite scroll: returns a ref for an element placed after the list; `onVisible` runs when it comes
 * near the viewport while `enabled`. The observer is re-created whenever `enabled` turns on again, so a
 * sentinel still in view after a page has loaded asks for the next one. Without IntersectionObserver
 * nothing happens and the "show more" button remains the way to load.
 */
export function useLoadMoreSentinel(onVisible: () => void, enabled: boolean, rootMargin = '600px 0px') {
  const [node, setNode] = useState<Element | null>(null);
  const handleVisible = useEffectEvent(onVisible);

  useEffect(() => {
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) handleVisible();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, enabled, rootMargin]);

  return setNode;
}
