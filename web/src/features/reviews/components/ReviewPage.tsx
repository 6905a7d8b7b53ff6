import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { parsePositiveId } from '../../../shared/lib/route-params';
import { useSession } from '../../../shared/session/session-context';
import { REPORT_STRINGS } from '../../../shared/ui/report-strings';
import { ReportButton } from '../../../shared/ui/ReportButton';
import { Button } from '../../../shared/ui/Button';
import { ListState } from '../../../shared/ui/ListState';
import { PageNotFound } from '../../../shared/ui/PageNotFound';
import { reviewQuery } from '../api/reviews-api';
import { useDeleteReview } from '../hooks/useReviewMutations';
import { errorText } from '../lib/review-errors';
import { parseReview } from '../lib/review-markup';
import { REVIEWS_STRINGS } from '../strings';
import { DeleteReviewDialog } from './DeleteReviewDialog';
import { ReviewEditor } from './ReviewEditor';
import { ReviewMeta } from './ReviewMeta';
import { ReviewText } from './ReviewText';
import { ReviewVotes } from './ReviewVotes';
import '../reviews.css';

const S = REVIEWS_STRINGS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/anime/:id/review/:reviewId`: the whole review, spoilers collapsed; the author edits or deletes it. */
export default function ReviewPage() {
  const params = useParams();
  const animeId = parsePositiveId(params.id);
  const reviewId = params.reviewId && UUID.test(params.reviewId) ? params.reviewId : null;
  if (!animeId || !reviewId)
    return <PageNotFound title={S.notFound} text={S.notFoundText} backTo={animeId ? `/anime/${animeId}` : '/catalog'} backLabel={S.backToAnime} />;
  return <ReviewLoader animeId={animeId} reviewId={reviewId} />;
}

function ReviewLoader({ animeId, reviewId }: { animeId: number; reviewId: string }) {
  const review = useQuery(reviewQuery(reviewId));
  const { user } = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReview(animeId);
  const blocks = useMemo(() => (review.data ? parseReview(review.data.text) : []), [review.data]);
  const back = (
    <Link className="review-page__back" to={`/anime/${animeId}`}>
      ← {S.backToAnime}
    </Link>
  );

  if (review.isPending) {
    return (
      <div className="page review-page">
        {back}
        <ListState kind="loading" label={S.loading} />
      </div>
    );
  }
  if (review.isError || review.data.animeId !== animeId) {
    const missing = review.isError ? isApiError(review.error) && review.error.status === 404 : true;
    if (missing) return <PageNotFound title={S.notFound} text={S.notFoundText} backTo={`/anime/${animeId}`} backLabel={S.backToAnime} />;
    return (
      <div className="page review-page">
        {back}
        <ListState kind="error" title={S.loadErrorTitle} message={errorText(review.error)} retryLabel={S.retry} onRetry={() => void review.refetch()} />
      </div>
    );
  }

  const item = review.data;
  const canDelete = item.mine || Boolean(user?.isAdmin);
  return (
    <article className="page review-page" aria-labelledby="review-page-title">
      {back}
      <h1 className="review-page__title" id="review-page-title">
        {item.title ?? S.article(item.author.displayName || item.author.username)}
      </h1>
      <ReviewMeta review={item} />
      {item.held ? <p className="review__held muted">{REPORT_STRINGS.held}</p> : null}
      <ReviewText blocks={blocks} />
      <div className="review__footer">
        <ReviewVotes review={item} />
        {user && !item.mine ? <ReportButton target={{ type: 'review', id: item.id }} /> : null}
        {item.mine || canDelete ? (
          <div className="review-page__actions">
            {item.mine ? (
              <Button variant="secondary" size="small" onClick={() => setEditing(true)}>
                {S.edit}
              </Button>
            ) : null}
            {canDelete ? (
              <Button variant="ghost" size="small" onClick={() => setDeleting(true)}>
                {S.delete}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {item.mine ? <ReviewEditor animeId={animeId} review={item} open={editing} onOpenChange={setEditing} /> : null}
      <DeleteReviewDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(item.id, { onSuccess: () => navigate(`/anime/${animeId}`, { replace: true }) })}
      />
    </article>
  );
}
