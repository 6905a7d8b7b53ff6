import { describe, expect, it } from 'vitest';
import { applyVote, nextVote } from './review-votes';

describe('review votes', () => {
  it('counts a new, a changed and a withdrawn vote as the server does', () => {
    expect(applyVote({ helpful: 2, unhelpful: 1, myVote: null }, true)).toEqual({ helpful: 3, unhelpful: 1, myVote: true });
    expect(applyVote({ helpful: 3, unhelpful: 1, myVote: true }, false)).toEqual({ helpful: 2, unhelpful: 2, myVote: false });
    expect(applyVote({ helpful: 2, unhelpful: 2, myVote: false }, null)).toEqual({ helpful: 2, unhelpful: 1, myVote: null });
    expect(applyVote({ helpful: 0, unhelpful: 0, myVote: true }, null)).toEqual({ helpful: 0, unhelpful: 0, myVote: null });
  });

  it('takes the vote back when the same button is pressed again', () => {
    expect(nextVote(null, true)).toBe(true);
    expect(nextVote(true, true)).toBeNull();
    expect(nextVote(true, false)).toBe(false);
  });
});
