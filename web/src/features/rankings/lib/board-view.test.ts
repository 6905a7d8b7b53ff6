import { describe, expect, it } from 'vitest';
import { rankingEntry } from '../testing/rankings-fixtures';
import { boardView } from './board-view';

describe('boardView', () => {
  const top = [rankingEntry(1, 'alpha', 50), rankingEntry(2, 'beta', 40), rankingEntry(2, 'gamma', 40)];

  it('marks the viewer’s row when they are in the top, and pins nothing', () => {
    const view = boardView(top, rankingEntry(2, 'beta', 40));
    expect(view.rows.map((row) => row.mine)).toEqual([false, true, false]);
    expect(view.pinned).toBeNull();
  });

  it('pins the viewer below the top when their place is outside it', () => {
    const me = rankingEntry(154, 'me', 2);
    const view = boardView(top, me);
    expect(view.rows.every((row) => !row.mine)).toBe(true);
    expect(view.pinned).toEqual(me);
  });

  it('marks and pins nothing for a guest', () => {
    const view = boardView(top, null);
    expect(view.rows.some((row) => row.mine)).toBe(false);
    expect(view.pinned).toBeNull();
  });
});
