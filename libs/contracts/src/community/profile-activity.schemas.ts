import { z } from 'zod';
import { commentListQuerySchema } from './comments.schemas';
import { listOwnerParamsSchema, listQuerySchema } from './community.schemas';
import { reviewListQuerySchema } from './reviews.schemas';

// A profile's community tabs (docs/community.md, «Profile»): the gateway parses every request with
// these and the community parses what it receives with the same ones. Each field is the one its list
// already takes (the comments' cursor and limit, the reviews' limit, the lists' page), so the rules and
// the Russian messages stay in one place.

/** `/users/profile/:username/comments|reviews|community-counts`. */
export const profileActivityParamsSchema = z.object({ username: listOwnerParamsSchema.shape.username });

/** `?cursor&limit` of a user's comments: newest first, the cursor of the comment lists. */
export const userCommentsQuerySchema = z.object({
  cursor: commentListQuerySchema.shape.cursor,
  limit: commentListQuerySchema.shape.limit,
});
export const userCommentsSchema = userCommentsQuerySchema.extend(profileActivityParamsSchema.shape);

/** `?page&limit` of a user's reviews: newest first. */
export const userReviewsQuerySchema = z.object({
  page: listQuerySchema.shape.page,
  limit: reviewListQuerySchema.shape.limit,
});
export const userReviewsSchema = userReviewsQuerySchema.extend(profileActivityParamsSchema.shape);

export type ProfileActivityRequest = z.output<typeof profileActivityParamsSchema>;
export type UserCommentsRequest = z.output<typeof userCommentsSchema>;
export type UserReviewsRequest = z.output<typeof userReviewsSchema>;
