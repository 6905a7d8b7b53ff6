import { REVIEW_REASON_MAX, type ReviewWithAnime } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../shared/ui/Button';
import { InfiniteList } from '../../../shared/ui/InfiniteList';
import { ReasonDialog } from '../../../shared/ui/ReasonDialog';
import { useReasonDialog } from '../../../shared/ui/useReasonDialog';
import { pendingReviewsQuery } from '../api/reviews-api';
import { useApproveReview, useRejectReview } from '../hooks/useReviewModeration';
import { errorText } from '../lib/review-errors';
import { parseReview, reviewExcerpt } from '../lib/review-markup';
import { REVIEWS_STRINGS } from '../strings';
import { ReviewMeta } from './ReviewMeta';
import { ReviewText } from './ReviewText';
import '../reviews.css';

const S = REVIEWS_STRINGS;

/** One review waiting: its title, author, score and date, the text (first paragraphs, expandable), the two decisions. */
function PendingReviewCard({ review, onReject }: { review: ReviewWithAnime; onReject(): void }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const blocks = useMemo(() => parseReview(review.text), [review.text]);
  const excerpt = useMemo(() => reviewExcerpt(blocks), [blocks]);
  const approve = useApproveReview();
  const animeTitle = review.anime?.title ?? S.queueUnknownAnime(review.animeId);
  const name = review.author.displayName || review.author.username;
  return (
    <article className="review review-queue__item" aria-label={S.queueItem(animeTitle, name)} data-review-id={review.id}>
      <p className="review-queue__anime">
        <Link to={`/anime/${review.animeId}`}>{animeTitle}</Link>
      </p>
      <ReviewMeta review={review} withStatus={false} />
      {review.title ? <h3 className="review__title">{review.title}</h3> : null}
      <div id={textId}>
        <ReviewText blocks={expanded ? blocks : excerpt.blocks} />
      </div>
      <div className="review__footer">
        {excerpt.truncated ? (
          <button type="button" className="review-queue__toggle" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded((value) => !value)}>
            {expanded ? S.collapse : S.readMore}
          </button>
        ) : null}
        <div className="review-queue__actions">
          <Button size="small" disabled={approve.isPending} onClick={() => approve.mutate(review.id)}>
            {approve.isPending ? S.approving : S.approve}
          </Button>
          <Button size="small" variant="secondary" disabled={approve.isPending} onClick={onReject}>
            {S.reject}
          </Button>
        </div>
      </div>
    </article>
  );
}

/** The admin page's «Рецензии на проверке (N)»: the queue oldest first; each review approved, or rejected with a reason. */
export function PendingReviewsQueue() {
  const titleId = useId();
  const queue = useInfiniteQuery(pendingReviewsQuery());
  const rejection = useReasonDialog(useRejectReview(), (id: string, reason) => ({ id, reason }));
  const count = queue.data?.pages[0]?.pending ?? null;

  return (
    <section className="reviews review-queue" aria-labelledby={titleId}>
      <h2 className="reviews__title" id={titleId}>
        {S.queueTitle(count)}
      </h2>
      <InfiniteList
        list={queue}
        text={{ loading: S.queueLoading, loadErrorTitle: S.queueErrorTitle, empty: S.queueEmpty, retry: S.retry }}
        errorText={errorText}
        moreClassName="reviews__more"
      >
        {(items) => (
          <ol className="review-list">
            {items.map((review) => (
              <li key={review.id}>
                <PendingReviewCard review={review} onReject={() => rejection.ask(review.id)} />
              </li>
            ))}
          </ol>
        )}
      </InfiniteList>
      <ReasonDialog text={S.rejectDialog} maxLength={REVIEW_REASON_MAX} {...rejection.dialog} />
    </section>
  );
}

export default PendingReviewsQueue;
