import { z } from 'zod';
import { withoutBidiControls, withoutInvisibles } from '../validation/invisible-characters';
import { MAX_INT32 as MAX_INT, absentWhenEmpty as absent, boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import {
  REVIEW_DATE_CURSOR_PATTERN,
  REVIEW_HELPFUL_CURSOR_PATTERN,
  REVIEW_MESSAGES,
  REVIEW_REASON_MAX,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TITLE_MAX,
  REVIEWS_PAGE_DEFAULT,
  REVIEWS_PAGE_MAX,
} from './reviews.dto';

// Reviews (docs/community.md, «Reviews»): the gateway parses every request with these, and the
// community service parses what it receives with the same ones, so each schema accepts its own output.

/** A title: its catalogue id, or its Shikimori id (resolved by the community). */
const animeIdField = integer(1, MAX_INT, REVIEW_MESSAGES.animeId);
const reviewId = z.uuid({ error: REVIEW_MESSAGES.id });

/** REVIEW_TEXT_MIN..REVIEW_TEXT_MAX characters after trimming; plain text, never HTML. */
const textField = z
  .string({ error: REVIEW_MESSAGES.text })
  .overwrite(withoutBidiControls)
  .trim()
  .min(REVIEW_TEXT_MIN, { error: REVIEW_MESSAGES.textTooShort })
  .max(REVIEW_TEXT_MAX, { error: REVIEW_MESSAGES.textTooLong })
  .refine(noNul, { error: REVIEW_MESSAGES.nul });

/** The optional headline, trimmed; empty (or null) means none. */
const titleField = z
  .string({ error: REVIEW_MESSAGES.title })
  .overwrite(withoutInvisibles)
  .trim()
  .max(REVIEW_TITLE_MAX, { error: REVIEW_MESSAGES.title })
  .refine(noNul, { error: REVIEW_MESSAGES.nul })
  .transform((title) => (title === '' ? null : title));

const scoreField = integer(REVIEW_SCORE_MIN, REVIEW_SCORE_MAX, REVIEW_MESSAGES.score);

/** POST /reviews. */
export const reviewCreateSchema = z.object({
  animeId: animeIdField,
  title: z
    .union([z.null(), titleField], { error: REVIEW_MESSAGES.title })
    .optional()
    .transform((title) => title ?? null),
  text: textField,
  score: scoreField,
});

/** `/reviews/one/:id`, `/reviews/:id`, and the review a vote, an approval or a delete is about. */
export const reviewParamsSchema = z.object({ id: reviewId });

const changeFields = {
  title: z.union([z.null(), titleField], { error: REVIEW_MESSAGES.title }).optional(),
  text: textField.optional(),
  score: z.preprocess(absent, scoreField.optional()),
};

const somethingToChange = (change: { title?: string | null; text?: string; score?: number }, context: z.RefinementCtx) => {
  if (change.title === undefined && change.text === undefined && change.score === undefined) {
    context.addIssue({ code: 'custom', path: ['text'], message: REVIEW_MESSAGES.nothingToChange });
  }
};

/**
 * PUT /reviews/:id: the fields given change (at least one); `title: null` or `''` removes the
 * headline. The author's edit sends the review back to moderation.
 */
export const reviewUpdateBodySchema = z.object(changeFields).superRefine(somethingToChange);
export const reviewUpdateSchema = z.object({ id: reviewId, ...changeFields }).superRefine(somethingToChange);

/** PUT /reviews/:id/reject. */
export const reviewRejectBodySchema = z.object({
  reason: z
    .string({ error: REVIEW_MESSAGES.reason })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: REVIEW_MESSAGES.reason })
    .max(REVIEW_REASON_MAX, { error: REVIEW_MESSAGES.reasonTooLong })
    .refine(noNul, { error: REVIEW_MESSAGES.nul }),
});
export const reviewRejectSchema = reviewParamsSchema.extend(reviewRejectBodySchema.shape);

/** PUT /reviews/:id/vote: «Полезно» (true) or «Бесполезно» (false). */
export const reviewVoteBodySchema = z.object({ helpful: z.boolean({ error: REVIEW_MESSAGES.helpful }) });
export const reviewVoteSchema = reviewParamsSchema.extend(reviewVoteBodySchema.shape);

/** `/reviews/:animeId`. */
export const animeReviewsParamsSchema = z.object({ animeId: animeIdField });

const cursorField = z.preprocess(absent, z.string({ error: REVIEW_MESSAGES.cursor }).max(64, { error: REVIEW_MESSAGES.cursor }).optional());
const limitField = z.preprocess(absent, integer(1, REVIEWS_PAGE_MAX, REVIEW_MESSAGES.limit).optional()).default(REVIEWS_PAGE_DEFAULT);

const listFields = {
  cursor: cursorField,
  limit: limitField,
  sort: z.preprocess(absent, z.enum(REVIEW_SORTS, { error: REVIEW_MESSAGES.sort }).optional()).default('date'),
};

const cursorOfSort = ({ cursor, sort }: { cursor?: string; sort: (typeof REVIEW_SORTS)[number] }, context: z.RefinementCtx) => {
  if (cursor === undefined) return;
  const pattern = sort === 'helpful' ? REVIEW_HELPFUL_CURSOR_PATTERN : REVIEW_DATE_CURSOR_PATTERN;
  if (!pattern.test(cursor)) context.addIssue({ code: 'custom', path: ['cursor'], message: REVIEW_MESSAGES.cursor });
};

/** `?cursor&limit&sort` of a list of approved reviews; the cursor must come from a page of the same sort. */
export const reviewListQuerySchema = z.object(listFields).superRefine(cursorOfSort);

/** What the community receives for a title's reviews. */
export const animeReviewListSchema = z.object({ animeId: animeIdField, ...listFields }).superRefine(cursorOfSort);

/** GET /admin/reviews/pending?cursor&limit: oldest first. */
export const pendingReviewsQuerySchema = z.object({
  cursor: z.preprocess(absent, z.string({ error: REVIEW_MESSAGES.cursor }).regex(REVIEW_DATE_CURSOR_PATTERN, { error: REVIEW_MESSAGES.cursor }).optional()),
  limit: limitField,
});

export type ReviewCreateRequest = z.output<typeof reviewCreateSchema>;
export type ReviewIdRequest = z.output<typeof reviewParamsSchema>;
export type ReviewUpdateRequest = z.output<typeof reviewUpdateSchema>;
export type ReviewRejectRequest = z.output<typeof reviewRejectSchema>;
export type ReviewVoteRequest = z.output<typeof reviewVoteSchema>;
export type ReviewListRequest = z.output<typeof reviewListQuerySchema>;
export type AnimeReviewListRequest = z.output<typeof animeReviewListSchema>;
export type PendingReviewsRequest = z.output<typeof pendingReviewsQuerySchema>;
