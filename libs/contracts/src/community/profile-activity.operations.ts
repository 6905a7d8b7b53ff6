import { defineOperation } from '../operations/define-operation';
import { communityCountsSchema, userCommentPageSchema, userReviewPageSchema } from './profile-activity.answers';
import { profileActivityParamsSchema, userCommentsSchema, userReviewsSchema } from './profile-activity.schemas';

/**
 * A profile's «Рецензии» and «Комментарии» tabs (docs/community.md, «Profile»): public reads; the
 * community decides what the caller may see (spoilers, reviews not approved yet), so none is cached.
 */
export const PROFILE_ACTIVITY_OPERATIONS = {
  comments: defineOperation({
    pattern: 'community.comments.of-user',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/profile/:username/comments' },
    summary: "A user's comments, newest first, each with its title (spoilers hidden by the latest feed's rule); ?cursor=<nextCursor>",
    notes:
      '`limit` 1–50 (default 20). Deleted comments are left out; each has `anime: { id, title, poster, fallbackPoster, episodes, kind, year }`; spoilers are shown to the author and admins.',
    request: userCommentsSchema,
    answer: userCommentPageSchema,
  }),
  reviews: defineOperation({
    pattern: 'community.reviews.of-user',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/profile/:username/reviews', page: true },
    summary: "A user's reviews, newest first, each with its title: approved ones; the author and admins also get pending and rejected ones",
    notes: '`page` ≥ 1 (default 1), `limit` 1–50 (default 20). Pending and rejected ones carry their `status` and `rejectionReason`.',
    request: userReviewsSchema,
    answer: userReviewPageSchema,
  }),
  counts: defineOperation({
    pattern: 'community.counts.of-user',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/profile/:username/community-counts' },
    summary: "How many comments and reviews of a user the caller may see (a profile's tab labels)",
    notes: 'Live comments, and the reviews the caller may see, before a tab is opened.',
    request: profileActivityParamsSchema,
    answer: communityCountsSchema,
  }),
};
