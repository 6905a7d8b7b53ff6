import type { ReviewItem } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { lazyValue } from '../../../shared/lib/lazy-value';
import { Avatar } from '../../../shared/ui/Avatar';
import { UserName } from '../../../shared/ui/UserName';
import { REVIEWS_STRINGS } from '../strings';

const S = REVIEWS_STRINGS;
const dateFormat = lazyValue(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }));
const formatReviewDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat().format(date);
};

/** A review's score and the day it was written. */
export function ReviewScoreAndDate({ review }: { review: Pick<ReviewItem, 'score' | 'createdAt'> }) {
  return (
    <>
      <span className="review__score" aria-label={S.scoreLabel(review.score)} title={S.scoreLabel(review.score)}>
        ★ {S.score(review.score)}
      </span>
      <time className="muted" dateTime={review.createdAt}>
        {formatReviewDate(review.createdAt)}
      </time>
    </>
  );
}

/** Author, score, date and, for the author, the moderation status (left out where every review has it: the queue). */
export function ReviewMeta({ review, withStatus = true }: { review: ReviewItem; withStatus?: boolean }) {
  const name = review.author.displayName || review.author.username;
  return (
    <div className="review__meta">
      <Link className="review__avatar" to={`/user/${encodeURIComponent(review.author.username)}`} aria-hidden tabIndex={-1}>
        <Avatar src={review.author.avatar} alt="" sizePx={36} />
      </Link>
      <Link className="review__author" to={`/user/${encodeURIComponent(review.author.username)}`}>
        <UserName name={name} />
      </Link>
      {review.author.rank ? <span className="muted">{review.author.rank}</span> : null}
      <ReviewScoreAndDate review={review} />
      {review.updatedAt !== review.createdAt ? <span className="muted">{S.updated}</span> : null}
      {withStatus ? <ReviewStatus review={review} /> : null}
    </div>
  );
}

export function ReviewStatus({ review }: { review: ReviewItem }) {
  if (review.status === 'pending') return <span className="review__badge review__badge--pending">{S.pending}</span>;
  if (review.status === 'rejected') return <span className="review__badge review__badge--rejected">{S.rejected(review.rejectionReason)}</span>;
  return null;
}
