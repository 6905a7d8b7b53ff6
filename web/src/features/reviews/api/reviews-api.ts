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
import { apiRequest, apiRequestPage, type ApiPage } from '../../../shared/api/http-client';

/** Every address the reviews call (docs/api.md, «Reviews»). */
export const REVIEWS_PATHS = {
  ofAnime: (animeId: number) => `/reviews/${animeId}`,
  one: (id: string) => `/reviews/one/${encodeURIComponent(id)}`,
  create: '/reviews',
  review: (id: string) => `/reviews/${encodeURIComponent(id)}`,
  vote: (id: string) => `/reviews/${encodeURIComponent(id)}/vote`,
  approve: (id: string) => `/reviews/${encodeURIComponent(id)}/approve`,
  reject: (id: string) => `/reviews/${encodeURIComponent(id)}/reject`,
  pending: '/admin/reviews/pending',
  ofUser: (username: string) => `/users/profile/${encodeURIComponent(username)}/reviews`,
} as const;

export interface ReviewDraftBody {
  title: string | null;
  text: string;
  score: number;
}

export function fetchReviewPage(animeId: number, sort: ReviewSort, cursor: string | null, signal?: AbortSignal): Promise<ReviewPage> {
  return apiRequest<ReviewPage>(REVIEWS_PATHS.ofAnime(animeId), {
    query: { limit: REVIEWS_PAGE_DEFAULT, sort, cursor: cursor ?? undefined },
    signal,
  });
}

export function fetchReview(id: string, signal?: AbortSignal): Promise<ReviewItem> {
  return apiRequest<ReviewItem>(REVIEWS_PATHS.one(id), { signal });
}

export function createReview(animeId: number, body: ReviewDraftBody): Promise<ReviewCreated> {
  return apiRequest<ReviewCreated>(REVIEWS_PATHS.create, {
    method: 'POST',
    body: { animeId, text: body.text, score: body.score, ...(body.title ? { title: body.title } : {}) },
  });
}

export function updateReview(id: string, body: ReviewDraftBody): Promise<ReviewItem> {
  return apiRequest<ReviewItem>(REVIEWS_PATHS.review(id), { method: 'PUT', body: { title: body.title, text: body.text, score: body.score } });
}

export function deleteReview(id: string): Promise<{ id: string; deleted: true }> {
  return apiRequest(REVIEWS_PATHS.review(id), { method: 'DELETE' });
}

/** `helpful` true «Полезно», false «Бесполезно», null takes the vote back. */
export function voteReview(id: string, helpful: boolean | null): Promise<ReviewVoteState> {
  return helpful === null
    ? apiRequest<ReviewVoteState>(REVIEWS_PATHS.vote(id), { method: 'DELETE' })
    : apiRequest<ReviewVoteState>(REVIEWS_PATHS.vote(id), { method: 'PUT', body: { helpful } });
}

/** Admin: the moderation queue, oldest first, with the count still pending. */
export function fetchPendingReviews(cursor: string | null, signal?: AbortSignal): Promise<PendingReviewPage> {
  return apiRequest<PendingReviewPage>(REVIEWS_PATHS.pending, { query: { limit: REVIEWS_PAGE_DEFAULT, cursor: cursor ?? undefined }, signal });
}

export function approveReview(id: string): Promise<ReviewItem> {
  return apiRequest<ReviewItem>(REVIEWS_PATHS.approve(id), { method: 'PUT' });
}

export function rejectReview(id: string, reason: string): Promise<ReviewItem> {
  return apiRequest<ReviewItem>(REVIEWS_PATHS.reject(id), { method: 'PUT', body: { reason } });
}

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

export const reviewQuery = (id: string) =>
  queryOptions({ queryKey: reviewsKeys.one(id), queryFn: ({ signal }) => fetchReview(id, signal), staleTime: 60_000 });

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
  return apiRequestPage<ReviewWithAnime>(REVIEWS_PATHS.ofUser(username), { query: { page, limit: REVIEWS_PAGE_DEFAULT }, signal });
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
