/**
 * Spatial focus navigation for the TV mode: from the focused element, the arrow keys move to the
 * nearest focusable element in that direction, judged by on-screen geometry alone (so any layout of
 * rows, grids and buttons works without wiring neighbours by hand).
 */

export type Direction = 'up' | 'down' | 'left' | 'right';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const right = (rect: Rect) => rect.left + rect.width;
const bottom = (rect: Rect) => rect.top + rect.height;
const centerX = (rect: Rect) => rect.left + rect.width / 2;
const centerY = (rect: Rect) => rect.top + rect.height / 2;

/** A sideways miss costs more than distance ahead: a neighbour in the same row beats a nearer one in the next row. */
const CROSS_WEIGHT = 2;

/** How far `to` lies from `from` along and across the direction; null when it is not ahead of `from`. */
function distances(from: Rect, to: Rect, direction: Direction): { along: number; across: number; centers: number } | null {
  const horizontal = direction === 'left' || direction === 'right';
  const ahead =
    direction === 'right'
      ? centerX(to) > centerX(from) && to.left >= from.left + 1
      : direction === 'left'
        ? centerX(to) < centerX(from) && right(to) <= right(from) - 1
        : direction === 'down'
          ? centerY(to) > centerY(from) && to.top >= from.top + 1
          : centerY(to) < centerY(from) && bottom(to) <= bottom(from) - 1;
  if (!ahead) return null;
  // The gap between the facing edges (0 when they overlap).
  const along = Math.max(
    0,
    direction === 'right'
      ? to.left - right(from)
      : direction === 'left'
        ? from.left - right(to)
        : direction === 'down'
          ? to.top - bottom(from)
          : from.top - bottom(to),
  );
  // How far apart they are sideways: 0 while their spans on the other axis overlap.
  const across = horizontal ? Math.max(0, to.top - bottom(from), from.top - bottom(to)) : Math.max(0, to.left - right(from), from.left - right(to));
  const centers = Math.hypot(centerX(to) - centerX(from), centerY(to) - centerY(from));
  return { along, across, centers };
}

/**
 * The index of the element to focus when moving `direction` from `rects[current]`, or null when
 * nothing lies that way. Ties go to the nearest centre, then to the earlier element.
 */
export function findNext(rects: readonly Rect[], current: number, direction: Direction): number | null {
  const from = rects[current];
  if (!from) return null;
  let best: { index: number; score: number; centers: number } | null = null;
  rects.forEach((rect, index) => {
    if (index === current || rect.width <= 0 || rect.height <= 0) return;
    const measured = distances(from, rect, direction);
    if (!measured) return;
    const score = measured.along + CROSS_WEIGHT * measured.across;
    if (!best || score < best.score || (score === best.score && measured.centers < best.centers)) {
      best = { index, score, centers: measured.centers };
    }
  });
  return (best as { index: number } | null)?.index ?? null;
}

/** The arrow a key means, or null. */
export function directionOfKey(key: string): Direction | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    default:
      return null;
  }
}

/**
 * "Back" on a keyboard or a TV remote: Escape, Backspace (outside text fields), and the `GoBack` /
 * `BrowserBack` keys some remotes send (the browser's own back button works through history anyway).
 */
