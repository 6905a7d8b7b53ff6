import type { ReviewItem } from '@portal/contracts';
import { useSession } from '../../../shared/session/session-context';
import { useReviewVote } from '../hooks/useReviewMutations';
import { nextVote } from '../lib/review-votes';
import { REVIEWS_STRINGS } from '../strings';

const S = REVIEWS_STRINGS;

/** «Полезно / Бесполезно» with their counts: pressable on others' approved reviews by a signed-in viewer. */
export function ReviewVotes({ review }: { review: ReviewItem }) {
  const { user } = useSession();
  const vote = useReviewVote();
  const canVote = Boolean(user) && !review.mine && review.status === 'approved';
  const hint = !user ? S.guestVote : undefined;
  const button = (helpful: boolean) => {
    const count = helpful ? review.helpful : review.unhelpful;
    const on = review.myVote === helpful;
    return (
      <button
        type="button"
        className={`review-vote${on ? ' review-vote--on' : ''}`}
        aria-pressed={on}
        disabled={!canVote}
        title={hint}
        onClick={() => vote.mutate({ id: review.id, helpful: nextVote(review.myVote, helpful) })}
      >
        {helpful ? S.helpful(count) : S.unhelpful(count)}
      </button>
    );
  };
  if (review.status !== 'approved') return null;
  return (
    <div className="review-votes" role="group" aria-label={S.votesLabel}>
      {button(true)}
      {button(false)}
      {!user ? <span className="review-votes__hint muted">{S.guestVote}</span> : null}
    </div>
  );
}
