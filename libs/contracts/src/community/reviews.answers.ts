import { z } from 'zod';
import { deletedOf, isoDateTime } from '../validation/answer.schemas';
import { animeRefSchema } from '../catalogue/anime-ref.answers';
import { commentAuthorSchema } from './comment-author.answers';
import { REVIEW_STATUSES } from './reviews.dto';

// What the review operations answer (reviews.operations.ts); the types in reviews.dto.ts are these schemas' outputs.

export const reviewItemSchema = z.object({
  id: z.uuid(),
  /** The title's catalogue id. */
  animeId: z.number().int(),
  /** The review's own headline, if any. */
  title: z.string().nullable(),
  /** Plain text as written (trimmed): render paragraphs and [spoiler] blocks on the client, never as HTML. */
  text: z.string(),
  score: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  /** The moderator's reason of a rejected review; only its author and admins get it (null for others). */
  rejectionReason: z.string().nullable(),
  author: commentAuthorSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** «Полезно» votes. */
  helpful: z.number().int(),
  /** «Бесполезно» votes. */
  unhelpful: z.number().int(),
  /** The caller's vote: true «Полезно», false «Бесполезно», null none (or a guest). */
  myVote: z.boolean().nullable(),
  /** The caller wrote it (the title's page shows the caller's own pending or rejected review first, flagged so). */
  mine: z.boolean(),
  /** On hold after reports (docs/moderation.md): others get an empty text and no title; its author and admins read it. */
  held: z.boolean().optional(),
});

/** A review with the title it is about (the feed of all titles, the moderation queue). */
export const reviewWithAnimeSchema = reviewItemSchema.extend({ anime: animeRefSchema.nullable() });

/**
 * POST /reviews: the review, and the card the rewards service granted for it. Always null for now:
 * cards are granted on approval (`community.review.approved`), once the rewards service consumes it.
 */
export const reviewCreatedSchema = reviewItemSchema.extend({ cardReward: z.null() });

/** Pass `nextCursor` as `?cursor=` (with the same `sort`) for the next page; null on the last page. */
const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const reviewPageSchema = pageOf(reviewItemSchema);
export const reviewWithAnimePageSchema = pageOf(reviewWithAnimeSchema);

/** The admin's queue of reviews waiting for moderation, oldest first, and how many there are. */
export const pendingReviewPageSchema = pageOf(reviewWithAnimeSchema).extend({ pending: z.number().int() });

export const reviewVoteStateSchema = z.object({ id: z.uuid(), helpful: z.number().int(), unhelpful: z.number().int(), myVote: z.boolean().nullable() });

export const reviewDeletedSchema = deletedOf(z.uuid());
