import { describe, expect, it } from 'vitest';
import { isBackKey } from '../../../shared/lib/tv-keys';
import { directionOfKey, findNext, type Rect } from './spatial';

const box = (left: number, top: number, width = 100, height = 150): Rect => ({ left, top, width, height });

/**
 * Two rows of cards (4 and 5, the second shifted half a card), a wide button above them:
 *
 *   [ button 0 ..................... ]
 *   [1] [2] [3] [4]
 *     [5] [6] [7] [8] [9]
 */
const layout: Rect[] = [
  box(0, 0, 560, 60),
  box(0, 100),
  box(120, 100),
  box(240, 100),
  box(360, 100),
  box(60, 300),
  box(180, 300),
  box(300, 300),
  box(420, 300),
  box(540, 300),
];

describe('spatial focus navigation', () => {
  it('moves along a row to the next card, and stops at its end', () => {
    expect(findNext(layout, 1, 'right')).toBe(2);
    expect(findNext(layout, 3, 'left')).toBe(2);
    expect(findNext(layout, 1, 'left')).toBeNull();
    // The end of the first row: the next row's cards are further right but not in this row.
    expect(findNext(layout, 4, 'right')).toBe(8);
  });

  it('goes down to the most aligned card of the next row', () => {
    expect(findNext(layout, 1, 'down')).toBe(5);
    expect(findNext(layout, 2, 'down')).toBe(5);
    // Halfway between two cards: the tie goes to the earlier one.
    expect(findNext(layout, 4, 'down')).toBe(7);
    expect(findNext(layout, 9, 'left')).toBe(8);
    expect(findNext(layout, 5, 'down')).toBeNull();
  });

  it('goes up from a row to the one above, and from the first row to the wide button', () => {
    expect(findNext(layout, 7, 'up')).toBe(3);
    expect(findNext(layout, 9, 'up')).toBe(4);
    expect(findNext(layout, 3, 'up')).toBe(0);
    expect(findNext(layout, 0, 'up')).toBeNull();
  });

  it('from a wide element down, prefers the card nearest its centre', () => {
    expect(findNext(layout, 0, 'down')).toBe(3);
  });

  it('prefers a neighbour in the same row over a nearer one diagonally', () => {
    const rects = [box(0, 0), box(400, 0), box(110, 400)];
    expect(findNext(rects, 0, 'right')).toBe(1);
  });

  it('ignores hidden elements (no size) and unknown starting points', () => {
    const rects = [box(0, 0), box(120, 0, 0, 0), box(240, 0)];
    expect(findNext(rects, 0, 'right')).toBe(2);
    expect(findNext(rects, 7, 'right')).toBeNull();
  });

  it('reads arrows and the back keys of keyboards and remotes', () => {
    expect(directionOfKey('ArrowUp')).toBe('up');
    expect(directionOfKey('ArrowRight')).toBe('right');
    expect(directionOfKey('Enter')).toBeNull();
    for (const key of ['Escape', 'Backspace', 'GoBack', 'BrowserBack']) expect(isBackKey(key)).toBe(true);
    expect(isBackKey('Enter')).toBe(false);
  });
});
