import { z } from 'zod';
import { withoutBidiControls } from '../validation/invisible-characters';
import { MAX_INT32 as MAX_INT, absentWhenEmpty as absent, boundedInteger as integer } from '../validation/common.schemas';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_CURSOR_PATTERN,
  COMMENT_MESSAGES,
  COMMENT_SPOILER_AT_MAX,
  COMMENTS_PAGE_DEFAULT,
  COMMENTS_PAGE_MAX,
  LATEST_COMMENTS_DEFAULT,
  LATEST_COMMENTS_MAX,
} from './comments.dto';
import { AMV_MESSAGES } from './amv.dto';
import { NEWS_MESSAGES } from './news.dto';

// Comments (docs/community.md, «Comments»): the gateway parses every request with these, and the
// community service parses what it receives with the same ones, so each schema accepts its own output.

const EPISODE_MAX = 100_000;

/** A title: its catalogue id, or its Shikimori id (resolved by the community). */
const animeIdField = integer(1, MAX_INT, COMMENT_MESSAGES.animeId);
const commentId = z.uuid({ error: COMMENT_MESSAGES.id });

/** 1..COMMENT_CONTENT_MAX characters after trimming; kept as plain text (never HTML). */
const contentField = z
  .string({ error: COMMENT_MESSAGES.content })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, { error: COMMENT_MESSAGES.content })
  .max(COMMENT_CONTENT_MAX, { error: COMMENT_MESSAGES.contentTooLong })
  .refine((text) => !text.includes('\u0000'), { error: COMMENT_MESSAGES.nul });

/**
 * What a comment is about. Only titles for now; news and AMVs join this union as their own options
 * (`{ type: 'news', id }`), and the body schemas accept `newsId` / `amvId` beside `animeId`.
 */
export const commentTargetSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('anime'), id: animeIdField }), z.object({ type: z.literal('amv'), id: z.uuid({ error: AMV_MESSAGES.id }) }), z.object({ type: z.literal('news'), id: z.uuid({ error: NEWS_MESSAGES.id }) })], {
  error: COMMENT_MESSAGES.animeId,
});

/** A reply's parent, a spoiler's moment: the fields a new comment may carry beside its text. */
const commentFields = {
  content: contentField,
  parentId: z.preprocess(absent, commentId.optional()),
  /** A spoiler pinned to a moment: the episode, and the second inside it (0 when left out). */
  episode: z.preprocess(absent, integer(1, EPISODE_MAX, COMMENT_MESSAGES.episode).optional()),
  at: z.preprocess(absent, integer(0, COMMENT_SPOILER_AT_MAX, COMMENT_MESSAGES.at).optional()),
};

const momentNeedsEpisode = (comment: { episode?: number; at?: number }, context: z.RefinementCtx) => {
  if (comment.at !== undefined && comment.episode === undefined) {
    context.addIssue({ code: 'custom', path: ['episode'], message: COMMENT_MESSAGES.atWithoutEpisode });
  }
};

/** What the community receives to post a comment: the generic target. */
export const commentCreateSchema = z.object({ target: commentTargetSchema, ...commentFields }).superRefine(momentNeedsEpisode);

/** POST /comments as SPEC sends it (`animeId`), mapped onto the generic target. */
export const commentCreateBodySchema = z
  .object({ animeId: animeIdField, ...commentFields })
  .superRefine(momentNeedsEpisode)
  .transform(({ animeId, ...comment }) => ({ target: { type: 'anime' as const, id: animeId }, ...comment }));

/** `/comments/:id`, and the comment a like, an edit or a delete is about. */
export const commentParamsSchema = z.object({ id: commentId });

/** `?reveal=<id>`: that one comment's spoiler is shown anyway (the viewer asked for it). */
export const commentRevealQuerySchema = z.object({ reveal: z.preprocess(absent, commentId.optional()) });

/** GET /comments/:id. */
export const commentGetSchema = commentParamsSchema.extend(commentRevealQuerySchema.shape);

/** PUT /comments/:id: only the text changes. */
export const commentUpdateBodySchema = z.object({ content: contentField });
export const commentUpdateSchema = commentParamsSchema.extend(commentUpdateBodySchema.shape);

/** `/anime/:id/comments`. */
export const animeCommentsParamsSchema = z.object({ id: animeIdField });

/** `?cursor&limit&reveal` of a target's threads. */
export const commentListQuerySchema = commentRevealQuerySchema.extend({
  cursor: z.preprocess(absent, z.string({ error: COMMENT_MESSAGES.cursor }).regex(COMMENT_CURSOR_PATTERN, { error: COMMENT_MESSAGES.cursor }).optional()),
  limit: z.preprocess(absent, integer(1, COMMENTS_PAGE_MAX, COMMENT_MESSAGES.limit(COMMENTS_PAGE_MAX)).optional()).default(COMMENTS_PAGE_DEFAULT),
});

/** What the community receives for a page of threads. */
export const commentListSchema = commentListQuerySchema.extend({ target: commentTargetSchema });

/** GET /comments/latest?limit. */
export const latestCommentsQuerySchema = z.object({
  limit: z.preprocess(absent, integer(1, LATEST_COMMENTS_MAX, COMMENT_MESSAGES.limit(LATEST_COMMENTS_MAX)).optional()).default(LATEST_COMMENTS_DEFAULT),
});

/** `subscribe` / `unsubscribe` on the `/comments` socket namespace (unknown keys refused). */
export const commentsSubscribeSchema = z.strictObject({
  animeId: z.number({ error: COMMENT_MESSAGES.subscribe }).int({ error: COMMENT_MESSAGES.subscribe }).min(1, { error: COMMENT_MESSAGES.subscribe }).max(MAX_INT, { error: COMMENT_MESSAGES.subscribe }),
});

export type CommentCreateRequest = z.output<typeof commentCreateSchema>;
export type CommentIdRequest = z.output<typeof commentParamsSchema>;
export type CommentGetRequest = z.output<typeof commentGetSchema>;
export type CommentUpdateRequest = z.output<typeof commentUpdateSchema>;
export type CommentListRequest = z.output<typeof commentListSchema>;
export type LatestCommentsRequest = z.output<typeof latestCommentsQuerySchema>;
