import type { ReviewItem, ReviewPage } from '@portal/contracts';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { notify } from '../../../shared/ui/notify';
import { createReview, deleteReview, reviewsKeys, updateReview, voteReview, type ReviewDraftBody } from '../api/reviews-api';
import { errorText } from '../lib/review-errors';
import { applyVote, patchReview } from '../lib/review-votes';
import { REVIEWS_STRINGS } from '../strings';

const S = REVIEWS_STRINGS;
type Cached = InfiniteData<ReviewPage, string | null> | ReviewItem | undefined;

/** Every cached copy of the review (each sort's list, its own page) changed the same way. */
function patchEverywhere(client: QueryClient, id: string, patch: Partial<ReviewItem>) {
  client.setQueriesData<Cached>({ queryKey: reviewsKeys.all }, (data) => {
    if (!data) return data;
    if ('pages' in data) {
      return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => patchReview(item, id, patch)) })) };
    }
    return patchReview(data, id, patch);
  });
}

function findReview(client: QueryClient, id: string): ReviewItem | undefined {
  for (const [, data] of client.getQueriesData<Cached>({ queryKey: reviewsKeys.all })) {
    if (!data) continue;
    const found = 'pages' in data ? data.pages.flatMap((page) => page.items).find((item) => item.id === id) : data.id === id ? data : undefined;
    if (found) return found;
  }
  return undefined;
}

type VoteContext = { previous: Pick<ReviewItem, 'helpful' | 'unhelpful' | 'myVote'> | null; sequence: number };

/**
 * The newest vote sent per review. Answers can arrive out of order (or after a newer click's
 * optimistic state): only the newest vote's answer or rollback may change what is shown.
 */
const newestVote = new Map<string, number>();
let voteSequence = 0;
const isNewest = (id: string, context: VoteContext | undefined) => context !== undefined && newestVote.get(id) === context.sequence;

/** «Полезно» / «Бесполезно»: shown at once, rolled back with a toast when the server refuses. */
export function useReviewVote() {
  const client = useQueryClient();
  return useMutation<unknown, Error, { id: string; helpful: boolean | null }, VoteContext>({
    mutationFn: ({ id, helpful }) => voteReview(id, helpful),
    onMutate: async ({ id, helpful }) => {
      const sequence = ++voteSequence;
      newestVote.set(id, sequence);
      await client.cancelQueries({ queryKey: reviewsKeys.all });
      const review = findReview(client, id);
      if (!review) return { previous: null, sequence };
      patchEverywhere(client, id, applyVote(review, helpful));
      return { previous: { helpful: review.helpful, unhelpful: review.unhelpful, myVote: review.myVote }, sequence };
    },
    onError: (error, { id }, context) => {
      if (context?.previous && isNewest(id, context)) patchEverywhere(client, id, context.previous);
      notify.error(S.voteErrorTitle, errorText(error));
    },
    onSuccess: (state, { id }, context) => {
      if (!isNewest(id, context)) return;
      const { helpful, unhelpful, myVote } = state as ReviewItem;
      patchEverywhere(client, id, { helpful, unhelpful, myVote });
    },
  });
}

/** Writes a new review (`review` absent) or edits one; either way the review is pending afterwards. */
export function useSaveReview(animeId: number, review?: ReviewItem) {
  const client = useQueryClient();
  return useMutation<ReviewItem, Error, ReviewDraftBody>({
    mutationFn: (body) => (review ? updateReview(review.id, body) : createReview(animeId, body)),
    onSuccess: (saved) => {
      client.setQueryData(reviewsKeys.one(saved.id), saved);
      void client.invalidateQueries({ queryKey: reviewsKeys.anime(animeId) });
      if (review) notify.success(S.editedToast, S.editedText);
      else notify.success(S.createdToast, S.createdText);
    },
  });
}

export function useDeleteReview(animeId: number) {
  const client = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: deleteReview,
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: reviewsKeys.one(id) });
      void client.invalidateQueries({ queryKey: reviewsKeys.anime(animeId) });
      notify.info(S.deletedToast);
    },
  });
}
