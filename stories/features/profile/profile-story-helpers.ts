import {
  LIST_STATUSES,
  type AnimeListEntry,
  type LatestComment,
  type ListCounts,
  type ListStatus,
  type PublicUser,
  type ReviewWithAnime,
} from '@portal/contracts';
import ProfileComments from '../../../web/src/features/comments/components/ProfileComments';
import { makeComment } from '../../../web/src/features/comments/testing/comment-fixtures';
import type { ProfilePageSlots } from '../../../web/src/features/profile/components/ProfileView';
import ProfileReviews from '../../../web/src/features/reviews/components/ProfileReviews';
import { makeReview, reviewId } from '../../../web/src/features/reviews/testing/review-fixtures';
import { makeUser, ok } from '../../support/fixtures';
import type { MockRequest, MockResponse } from '../../../web/src/test/mock-api';
import { animeRef, listEntry } from '../library/library-story-helpers';

export { PENDING } from '../catalogue/catalogue-story-helpers';

/** A list as the server keeps it: entries by status, answered page by page with the counts of all. */
export function listServer(entries: AnimeListEntry[]) {
  const counts = Object.fromEntries(LIST_STATUSES.map((status) => [status, entries.filter((entry) => entry.status === status).length])) as ListCounts;
  return (request: MockRequest): MockResponse => {
    const status = request.query.get('status') as ListStatus | null;
    const page = Number(request.query.get('page') ?? 1);
    const limit = Number(request.query.get('limit') ?? 50);
    const matching = status ? entries.filter((entry) => entry.status === status) : entries;
    return ok({ items: matching.slice((page - 1) * limit, page * limit), page, limit, total: matching.length, counts });
  };
}

const titles: Record<number, string> = { 20: 'Наруто', 1535: 'Тетрадь смерти', 16498: 'Атака титанов', 5114: 'Стальной алхимик: Братство', 21: 'Ван-Пис' };

export const entry = (animeId: number, status: ListStatus, progress: number, episodes: number | null, userRating: number | null = null) =>
  listEntry(status, { animeId, progress, userRating, anime: animeRef(animeId, { title: titles[animeId] ?? `Аниме ${animeId}`, episodes }) });

/** Three titles imported from MAL plus two more: watching 2, planned 1, completed 2. */
export const sampleList: AnimeListEntry[] = [
  entry(20, 'watching', 12, 220, 8),
  entry(21, 'watching', 5, null),
  entry(16498, 'planned', 0, 25),
  entry(1535, 'completed', 37, 37, 10),
  entry(5114, 'completed', 64, 64, 9),
];

/** Another viewer as the public profile shows them: a user without the private fields. */
export const publicUser = (overrides: Partial<PublicUser> = {}): PublicUser => {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the private fields are dropped
  const { email, skipOpening, skipEnding, telegramUserId, updatedAt, ...visible } = makeUser({
    id: 'u-2',
    username: 'hinata',
    displayName: 'Хината',
    rank: 'сэнпай',
    createdAt: '2024-02-01T00:00:00.000Z',
  });
  return { ...visible, ...overrides };
};

/** The community tabs as the app composes them (AppRoutes' PROFILE_PAGE_SLOTS). */
export const PROFILE_SLOTS: ProfilePageSlots = { reviews: ProfileReviews, comments: ProfileComments };

/** A user's comment with its title, as `GET /users/profile/:username/comments` sends it. */
export const profileComment = (animeId: number, overrides: Partial<LatestComment> = {}): LatestComment => ({
  ...makeComment({ animeId, target: { type: 'anime', id: String(animeId) }, ...overrides }),
  anime: animeRef(animeId, { title: titles[animeId] ?? `Аниме ${animeId}` }),
});

/** A user's review with its title, as `GET /users/profile/:username/reviews` sends it. */
export const profileReview = (animeId: number, overrides: Partial<ReviewWithAnime> = {}): ReviewWithAnime => ({
  ...makeReview({ animeId, ...overrides }),
  anime: animeRef(animeId, { title: titles[animeId] ?? `Аниме ${animeId}` }),
});

/** The envelope of a page of reviews: the items in `data`, the page in `meta`. */
export const reviewsPage = (items: ReviewWithAnime[]): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta: { page: 1, limit: 20, total: items.length } },
});

/** The community endpoints of one profile: its counts, comments and reviews. */
export function communityServer(username: string, { comments, reviews }: { comments: LatestComment[]; reviews: ReviewWithAnime[] }) {
  const base = `GET /api/users/profile/${username}`;
  return {
    [`${base}/community-counts`]: ok({ comments: comments.length, reviews: reviews.length }),
    [`${base}/comments`]: ok({ items: comments, nextCursor: null }),
    [`${base}/reviews`]: reviewsPage(reviews),
  };
}

export { reviewId };
