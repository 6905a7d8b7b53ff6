import { describe, expect, it } from 'vitest';
import { moveItem, nextStep, playOrder } from './playlist-order';

describe('playlist order', () => {
  it('moves an item up, down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
  });

  it('plays in order, or shuffled as a permutation', () => {
    expect(playOrder(3, false)).toEqual([0, 1, 2]);
    const shuffled = playOrder(5, true, () => 0);
    expect([...shuffled].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(shuffled).not.toEqual([0, 1, 2, 3, 4]);
  });

  it('stops at the end unless repeating', () => {
    expect(nextStep(0, 2, false)).toBe(1);
    expect(nextStep(1, 2, false)).toBeNull();
    expect(nextStep(1, 2, true)).toBe(0);
    expect(nextStep(0, 0, true)).toBeNull();
  });
});
