import {
  REVIEWS_PAGE_DEFAULT,
  type PendingReviewPage,
  type ReviewCreated,
  type ReviewItem,
  type ReviewPage,
  type ReviewSort,
  type ReviewVoteState,
  type ReviewWithAnime,
} from '@portal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiPage } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';

const reviews = operationsOf('reviews');
const profileActivity = operationsOf('profileActivity');

export interface ReviewDraftBody {
  title: string | null;
  text: string;
  score: number;
}

export function fetchReviewPage(animeId: number, sort: ReviewSort, cursor: string | null, signal?: AbortSignal): Promise<ReviewPage> {
  return reviews.ofAnime({ animeId, limit: REVIEWS_PAGE_DEFAULT, sort, cursor: cursor ?? undefined }, { signal });
}

export const fetchReview = (id: string, signal?: AbortSignal): Promise<ReviewItem> => reviews.get({ id }, { signal });

export function createReview(animeId: number, body: ReviewDraftBody): Promise<ReviewCreated> {
  return reviews.create({ animeId, text: body.text, score: body.score, ...(body.title ? { title: body.title } : {}) });
}

export const updateReview = (id: string, body: ReviewDraftBody): Promise<ReviewItem> =>
  reviews.update({ id, title: body.title, text: body.text, score: body.score });

export const deleteReview = (id: string) => reviews.delete({ id });

/** `helpful` true «Полезно», false «Бесполезно», null takes the vote back. */
export const voteReview = (id: string, helpful: boolean | null): Promise<ReviewVoteState> =>
  helpful === null ? reviews.unvote({ id }) : reviews.vote({ id, helpful });

/** Admin: the moderation queue, oldest first, with the count still pending. */
export const fetchPendingReviews = (cursor: string | null, signal?: AbortSignal): Promise<PendingReviewPage> =>
  reviews.pending({ limit: REVIEWS_PAGE_DEFAULT, cursor: cursor ?? undefined }, { signal });

export const approveReview = (id: string): Promise<ReviewItem> => reviews.approve({ id });

export const rejectReview = (id: string, reason: string): Promise<ReviewItem> => reviews.reject({ id, reason });

export const reviewsKeys = {
  all: ['reviews'] as const,
  anime: (animeId: number) => ['reviews', 'anime', animeId] as const,
  list: (animeId: number, sort: ReviewSort) => ['reviews', 'anime', animeId, sort] as const,
  one: (id: string) => ['reviews', 'one', id] as const,
  pending: ['reviews', 'pending'] as const,
  user: (username: string) => ['reviews', 'user', username] as const,
};

/** A title's reviews in one order, page by page; what a viewer may read depends on them (own pending first). */
export const animeReviewsQuery = (animeId: number, sort: ReviewSort) =>
  infiniteQueryOptions({
    queryKey: reviewsKeys.list(animeId, sort),
    queryFn: ({ pageParam, signal }) => fetchReviewPage(animeId, sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });

export const reviewQuery = (id: string) => queryOptions({ queryKey: reviewsKeys.one(id), queryFn: ({ signal }) => fetchReview(id, signal), staleTime: 60_000 });

/** The admin's queue, page by page; read fresh on every visit (another admin may have moderated meanwhile). */
export const pendingReviewsQuery = () =>
  infiniteQueryOptions({
    queryKey: reviewsKeys.pending,
    queryFn: ({ pageParam, signal }) => fetchPendingReviews(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

/** A user's reviews for their profile, newest first; the author and admins get the pending and rejected ones too. */
export function fetchUserReviews(username: string, page: number, signal?: AbortSignal): Promise<ApiPage<ReviewWithAnime>> {
  return profileActivity.reviews({ username, page, limit: REVIEWS_PAGE_DEFAULT }, { signal });
}

/** The profile's «Рецензии» tab, page by page (`?page`, the total in the envelope's meta). */
export const userReviewsQuery = (username: string) =>
  infiniteQueryOptions({
    queryKey: reviewsKeys.user(username),
    queryFn: ({ pageParam, signal }) => fetchUserReviews(username, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 30_000,
  });
