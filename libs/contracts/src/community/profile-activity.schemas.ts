import { z } from 'zod';
import { commentThreadsQuerySchema } from './comments.schemas';
import { listOwnerParamsSchema, listQuerySchema } from './community.schemas';
import { reviewListQuerySchema } from './reviews.schemas';

// A profile's community tabs (docs/community.md, «Profile»): the gateway parses every request with
// these and the community parses what it receives with the same ones. Each field is the one its list
// already takes (the comments' cursor and limit, the reviews' limit, the lists' page), so the rules and
// the Russian messages stay in one place.

/** `/users/profile/:username/community-counts`, and the user of every tab. */
export const profileActivityParamsSchema = z.object({ username: listOwnerParamsSchema.shape.username });

/** GET /users/profile/:username/comments?cursor&limit: newest first, the cursor of the comment lists. */
export const userCommentsSchema = profileActivityParamsSchema.extend({
  cursor: commentThreadsQuerySchema.shape.cursor,
  limit: commentThreadsQuerySchema.shape.limit,
});

/** GET /users/profile/:username/reviews?page&limit: newest first. */
export const userReviewsSchema = profileActivityParamsSchema.extend({
  page: listQuerySchema.shape.page,
  limit: reviewListQuerySchema.shape.limit,
});

export type ProfileActivityRequest = z.output<typeof profileActivityParamsSchema>;
export type UserCommentsRequest = z.output<typeof userCommentsSchema>;
export type UserReviewsRequest = z.output<typeof userReviewsSchema>;
