import type { ReviewItem, ReviewVoteState } from '@portal/contracts';

type Votes = Pick<ReviewVoteState, 'helpful' | 'unhelpful' | 'myVote'>;

/** The counters after the viewer's vote changes from `myVote` to `next` (null: taken back), as the server counts. */
export function applyVote(review: Votes, next: boolean | null): Votes {
  let { helpful, unhelpful } = review;
  if (review.myVote === true) helpful -= 1;
  if (review.myVote === false) unhelpful -= 1;
  if (next === true) helpful += 1;
  if (next === false) unhelpful += 1;
  return { helpful: Math.max(0, helpful), unhelpful: Math.max(0, unhelpful), myVote: next };
}

/** The vote a click on «Полезно» (true) or «Бесполезно» (false) sends: the same button again takes it back. */
export const nextVote = (myVote: boolean | null, clicked: boolean): boolean | null => (myVote === clicked ? null : clicked);

export const patchReview = (review: ReviewItem, id: string, patch: Partial<ReviewItem>): ReviewItem => (review.id === id ? { ...review, ...patch } : review);
