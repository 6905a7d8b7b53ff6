import { describe, expect, it } from 'vitest';
import { isNearEnd, isWatchedAt, skipOfferAt, type SpanKind } from './episode-spans';

const episode = { opening: { start: 30, end: 120 }, ending: { start: 1300, end: 1390 } };
const manual = { skipOpening: false, skipEnding: false };
const auto = { skipOpening: true, skipEnding: true };

describe('skip spans', () => {
  it('offers nothing outside the opening and the ending', () => {
    expect(skipOfferAt(10, episode, manual)).toBeNull();
    expect(skipOfferAt(600, episode, auto)).toBeNull();
  });

  it('offers a "skip opening" button inside the opening, landing at its end', () => {
    expect(skipOfferAt(30, episode, manual)).toEqual({ kind: 'opening', to: 120, automatic: false });
    expect(skipOfferAt(119.9, episode, manual)).toEqual({ kind: 'opening', to: 120, automatic: false });
  });

  it('stops offering exactly where the skip would land', () => {
    expect(skipOfferAt(120, episode, manual)).toBeNull();
  });

  it('skips automatically when the viewer asked for it, each span on its own setting', () => {
    expect(skipOfferAt(45, episode, auto)?.automatic).toBe(true);
    expect(skipOfferAt(1350, episode, { skipOpening: true, skipEnding: false })).toEqual({ kind: 'ending', to: 1390, automatic: false });
  });

  it('only offers a button after an automatic skip, so rewinding into the opening plays it', () => {
    const skipped = new Set<SpanKind>(['opening']);
    expect(skipOfferAt(45, episode, auto, skipped)).toEqual({ kind: 'opening', to: 120, automatic: false });
  });

  it('ignores missing and empty spans', () => {
    expect(skipOfferAt(45, { opening: null, ending: null }, auto)).toBeNull();
    expect(skipOfferAt(45, { opening: { start: 45, end: 45 }, ending: null }, auto)).toBeNull();
  });
});

describe('watched episode', () => {
  it('counts as watched once the ending starts', () => {
    expect(isWatchedAt(1299, 1420, episode.ending)).toBe(false);
    expect(isWatchedAt(1300, 1420, episode.ending)).toBe(true);
  });

  it('without an ending, counts in the last seconds of the episode', () => {
    expect(isWatchedAt(1405, 1420, null)).toBe(false);
    expect(isWatchedAt(1410, 1420, null)).toBe(true);
    expect(isWatchedAt(1410, null, null)).toBe(false);
  });

  it('offers the next episode from the ending, or near the end without one', () => {
    expect(isNearEnd(1300, 1420, episode.ending)).toBe(true);
    expect(isNearEnd(1399, 1420, null)).toBe(false);
    expect(isNearEnd(1400, 1420, null)).toBe(true);
  });
});
