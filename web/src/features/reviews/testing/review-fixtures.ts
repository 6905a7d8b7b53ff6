import type { AnimeRef, PendingReviewPage, ReviewItem, ReviewPage, ReviewWithAnime } from '@portal/contracts';

const T = Date.UTC(2025, 2, 1, 18, 0);
let counter = 0;
/** A uuid-shaped id from a number, so routes and the page's id check accept it. */
export const reviewId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A text of `paragraphs` paragraphs, long enough for the 500-character rule. */
export const longText = (paragraphs = 3, prefix = 'Абзац') =>
  Array.from({ length: paragraphs }, (_, index) => `${prefix} ${index + 1}. ${'Сюжет держит в напряжении до самого конца. '.repeat(5).trim()}`).join('\n\n');

export function makeReview(overrides: Partial<ReviewItem> = {}): ReviewItem {
  counter += 1;
  return {
    id: reviewId(counter),
    animeId: 1,
    title: 'Лучшее аниме десятилетия',
    text: longText(),
    score: 9,
    status: 'approved',
    rejectionReason: null,
    author: { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'новичок' },
    createdAt: new Date(T).toISOString(),
    updatedAt: new Date(T).toISOString(),
    helpful: 3,
    unhelpful: 1,
    myVote: null,
    mine: false,
    ...overrides,
  };
}

export const makeReviewPage = (items: ReviewItem[], nextCursor: string | null = null): ReviewPage => ({ items, nextCursor });

/** A title as the queue names it (its poster is not shown there). */
export const reviewAnimeRef = (id: number, title: string): AnimeRef => ({ id, title, poster: '', fallbackPoster: '', episodes: 64, kind: 'tv', year: 2009 });

/** A review waiting in the admin's queue, with its title. */
export function makePendingReview(overrides: Partial<ReviewWithAnime> = {}): ReviewWithAnime {
  const review = makeReview({ status: 'pending', helpful: 0, unhelpful: 0, ...overrides });
  return { ...review, anime: overrides.anime === undefined ? reviewAnimeRef(review.animeId, 'Стальной алхимик: Братство') : overrides.anime };
}

/** A page of the queue; `pending` defaults to the items on it. */
export const makePendingPage = (items: ReviewWithAnime[], nextCursor: string | null = null, pending = items.length): PendingReviewPage => ({
  items,
  nextCursor,
  pending,
});
