import { z } from 'zod';
import { numberedPageOf } from '../validation/answer.schemas';
import { latestCommentSchema } from './comments.answers';
import { reviewWithAnimeSchema } from './reviews.answers';

// What the profile activity operations answer (profile-activity.operations.ts); the types in
// profile-activity.dto.ts are these schemas' outputs.

/** A page of a user's comments, newest first: each with the title it is about, as the latest feed shows it. */
export const userCommentPageSchema = z.object({
  items: z.array(latestCommentSchema),
  /** Pass as `?cursor=` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** A user's reviews, newest first, each with its title. */
export const userReviewPageSchema = numberedPageOf(reviewWithAnimeSchema);

/** The numbers of a profile's «Рецензии» and «Комментарии» tabs, as the caller may see them. */
export const communityCountsSchema = z.object({
  /** Comments not deleted (threads and replies). */
  comments: z.number().int(),
  /** Approved reviews; the author and admins count the pending and rejected ones too. */
  reviews: z.number().int(),
});
