import { ErrorCode, type PendingReviewPage, type ReviewItem } from '@portal/contracts';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { notify } from '../../../shared/ui/notify';
import { approveReview, rejectReview, reviewsKeys } from '../api/reviews-api';
import { errorText } from '../lib/review-errors';
import { REVIEWS_STRINGS } from '../strings';

const S = REVIEWS_STRINGS;
export type PendingPages = InfiniteData<PendingReviewPage, string | null>;

/** The queue without one review, its count one less (every page carries the count). */
export function withoutReview(pages: PendingPages | undefined, id: string): PendingPages | undefined {
  if (!pages || !pages.pages.some((page) => page.items.some((item) => item.id === id))) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({ ...page, pending: Math.max(0, page.pending - 1), items: page.items.filter((item) => item.id !== id) })),
  };
}

/** The review is no longer pending: out of the queue at once, then the queue read again for the true count. */
function leaveQueue(client: QueryClient, id: string, review?: ReviewItem) {
  client.setQueryData<PendingPages>(reviewsKeys.pending, (pages) => withoutReview(pages, id));
  void client.invalidateQueries({ queryKey: reviewsKeys.pending });
  if (review) {
    client.setQueryData(reviewsKeys.one(id), review);
    void client.invalidateQueries({ queryKey: reviewsKeys.anime(review.animeId) });
  }
}

/** Another admin moderated it first (409 «Рецензия уже проверена») or it was deleted (404): it leaves the queue too. */
const goneFromQueue = (error: unknown) => isApiError(error) && (error.code === ErrorCode.NotFound || error.code === ErrorCode.Conflict);

/** «Одобрить»: the review is published and its author told; a refusal is a toast. */
export function useApproveReview() {
  const client = useQueryClient();
  return useMutation<ReviewItem, Error, string>({
    mutationFn: approveReview,
    onSuccess: (review, id) => {
      leaveQueue(client, id, review);
      notify.success(S.approvedToast, S.approvedText);
    },
    onError: (error, id) => {
      if (goneFromQueue(error)) leaveQueue(client, id);
      notify.error(S.approveErrorTitle, errorText(error));
    },
  });
}

/** «Отклонить» with a reason; a refusal stays in the dialog (under the field when it names the reason). */
export function useRejectReview() {
  const client = useQueryClient();
  return useMutation<ReviewItem, Error, { id: string; reason: string }>({
    mutationFn: ({ id, reason }) => rejectReview(id, reason),
    onSuccess: (review, { id }) => {
      leaveQueue(client, id, review);
      notify.success(S.rejectedToast, S.rejectedText);
    },
    onError: (error, { id }) => {
      if (goneFromQueue(error)) leaveQueue(client, id);
    },
  });
}
