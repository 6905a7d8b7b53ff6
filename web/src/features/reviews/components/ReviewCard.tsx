import type { ReviewItem } from '@portal/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_STRINGS } from '../../../shared/ui/report-strings';
import { parseReview, reviewExcerpt } from '../lib/review-markup';
import { REVIEWS_STRINGS } from '../strings';
import { ReviewMeta } from './ReviewMeta';
import { ReviewText } from './ReviewText';
import { ReviewVotes } from './ReviewVotes';

const S = REVIEWS_STRINGS;

export const reviewPath = (review: Pick<ReviewItem, 'animeId' | 'id'>) => `/anime/${review.animeId}/review/${encodeURIComponent(review.id)}`;

/** One review in the anime page's list: the first paragraphs and «Читать полностью». */
export function ReviewCard({ review }: { review: ReviewItem }) {
  const excerpt = useMemo(() => reviewExcerpt(parseReview(review.text)), [review.text]);
  const name = review.author.displayName || review.author.username;
  return (
    <article className={`review${review.mine ? ' review--mine' : ''}`} aria-label={S.article(name)} data-status={review.status}>
      <ReviewMeta review={review} />
      {review.title ? (
        <h3 className="review__title">
          <Link to={reviewPath(review)}>{review.title}</Link>
        </h3>
      ) : null}
      {review.held ? <p className="review__held muted">{REPORT_STRINGS.held}</p> : null}
      <ReviewText blocks={excerpt.blocks} />
      <div className="review__footer">
        <Link className="review__more" to={reviewPath(review)} aria-label={`${S.readMore}: ${review.title ?? name}`}>
          {S.readMore}
        </Link>
        <ReviewVotes review={review} />
      </div>
    </article>
  );
}
