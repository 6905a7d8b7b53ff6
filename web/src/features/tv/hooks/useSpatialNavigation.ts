import { useEffect, useEffectEvent, type RefObject } from 'react';
import { isBackKey } from '../../../shared/lib/tv-keys';
import { directionOfKey, findNext, type Direction, type Rect } from '../lib/spatial';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden], [aria-hidden="true"]'));
}

function focusOn(element: HTMLElement) {
  element.focus({ preventScroll: true });
  // Keep the focused card on screen; smooth scrolling follows the user's motion preference through CSS.
  element.scrollIntoView?.({ block: 'center', inline: 'nearest' });
}

/**
 * The next element for an arrow: by geometry; where nothing has a size (no layout, as in jsdom) by
 * document order, so the pages still work there.
 */
function nextElement(elements: HTMLElement[], current: number, direction: Direction): HTMLElement | null {
  const rects: Rect[] = elements.map((element) => {
    const box = element.getBoundingClientRect();
    return { left: box.left, top: box.top, width: box.width, height: box.height };
  });
  if (rects.every((rect) => rect.width === 0 && rect.height === 0)) {
    const step = direction === 'right' || direction === 'down' ? 1 : -1;
    return elements[current + step] ?? null;
  }
  const index = findNext(rects, current, direction);
  return index === null ? null : (elements[index] ?? null);
}

export interface SpatialNavigationOptions {
  /** Back (Escape, Backspace, a remote's GoBack/BrowserBack). */
  onBack(): void;
  /**
   * Changes when new content has arrived: if nothing inside is focused then, the element marked
   * `data-tv-autofocus` (else the first focusable) gets the focus.
   */
  contentKey: unknown;
}

/**
 * The TV mode's remote control: arrows move the focus to the nearest element in that direction,
 * Enter activates it (natively: links and buttons), Back leaves. Nothing needs a pointer.
 */
export function useSpatialNavigation(rootRef: RefObject<HTMLElement | null>, { onBack, contentKey }: SpatialNavigationOptions) {
  const back = useEffectEvent(() => onBack());

  useEffect(() => {
    const root = rootRef.current;
    if (!root || root.contains(document.activeElement)) return;
    const target = root.querySelector<HTMLElement>('[data-tv-autofocus]') ?? focusables(root)[0];
    if (target) focusOn(target);
  }, [rootRef, contentKey]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const root = rootRef.current;
      if (!root || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (isBackKey(event.key)) {
        event.preventDefault();
        back();
        return;
      }
      const direction = directionOfKey(event.key);
      if (!direction) return;
      event.preventDefault();
      const elements = focusables(root);
      const current = elements.indexOf(document.activeElement as HTMLElement);
      const next = current === -1 ? elements[0] : nextElement(elements, current, direction);
      if (next) focusOn(next);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [rootRef]);
}
