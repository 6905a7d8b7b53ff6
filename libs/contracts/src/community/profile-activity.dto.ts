import type { z } from 'zod';
import type { communityCountsSchema, userCommentPageSchema } from './profile-activity.answers';

/**
 * A profile's community tabs (docs/community.md, «Profile»): a user's comments and reviews, and how
 * many of each the caller may see. The types are the outputs of profile-activity.answers.ts, imported
 * here as types only: the web client imports this file without zod.
 */

/** A page of a user's comments, newest first: each with the title it is about, as the latest feed shows it. */
export type UserCommentPage = z.output<typeof userCommentPageSchema>;

/** The numbers of a profile's «Рецензии» and «Комментарии» tabs, as the caller may see them. */
export type CommunityCounts = z.output<typeof communityCountsSchema>;
