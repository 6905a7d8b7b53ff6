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
import { amvParamsSchema } from './amv.schemas';
import { newsParamsSchema } from './news.schemas';

// Comments (docs/community.md, «Comments»): the requests of the declared operations
// (comments.operations.ts). Each route that fixes a target (a title, a news item, an AMV) has its own
// flat request, which the community maps onto the generic target. The gateway parses every request
// with these, and the community parses what it receives with the same ones, so each schema accepts
// its own output.

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

/** The text of a comment, and the comment it answers for a reply. */
const replyFields = {
  content: contentField,
  parentId: z.preprocess(absent, commentId.optional()),
};

/** A spoiler pinned to a moment: the episode, and the second inside it (0 when left out). Only titles have episodes. */
const momentFields = {
  episode: z.preprocess(absent, integer(1, EPISODE_MAX, COMMENT_MESSAGES.episode).optional()),
  at: z.preprocess(absent, integer(0, COMMENT_SPOILER_AT_MAX, COMMENT_MESSAGES.at).optional()),
};

const momentNeedsEpisode = (comment: { episode?: number; at?: number }, context: z.RefinementCtx) => {
  if (comment.at !== undefined && comment.episode === undefined) {
    context.addIssue({ code: 'custom', path: ['episode'], message: COMMENT_MESSAGES.atWithoutEpisode });
  }
};

/** POST /comments as SPEC sends it: a comment on a title (`animeId`), possibly a spoiler. */
export const commentCreateSchema = z.object({ animeId: animeIdField, ...replyFields, ...momentFields }).superRefine(momentNeedsEpisode);

/** POST /news/:id/comments: a comment on a published news item; no spoiler moments (news have no episodes). */
export const newsCommentCreateSchema = newsParamsSchema.extend(replyFields);

/** POST /amv/:id/comments: a comment on an AMV; no spoiler moments either. */
export const amvCommentCreateSchema = amvParamsSchema.extend(replyFields);

/** `/comments/:id`, and the comment a like, an edit or a delete is about. */
export const commentParamsSchema = z.object({ id: commentId });

/** `?reveal=<id>`: that one comment's spoiler is shown anyway (the viewer asked for it). */
const revealField = { reveal: z.preprocess(absent, commentId.optional()) };

/** GET /comments/:id. */
export const commentGetSchema = commentParamsSchema.extend(revealField);

/** PUT /comments/:id: only the text changes. */
export const commentUpdateSchema = commentParamsSchema.extend({ content: contentField });

/** `?cursor&limit&reveal` of a target's threads. */
export const commentThreadsQuerySchema = z.object({
  cursor: z.preprocess(absent, z.string({ error: COMMENT_MESSAGES.cursor }).regex(COMMENT_CURSOR_PATTERN, { error: COMMENT_MESSAGES.cursor }).optional()),
  limit: z.preprocess(absent, integer(1, COMMENTS_PAGE_MAX, COMMENT_MESSAGES.limit(COMMENTS_PAGE_MAX)).optional()).default(COMMENTS_PAGE_DEFAULT),
  ...revealField,
});

/** GET /anime/:id/comments. */
export const animeCommentsListSchema = z.object({ id: animeIdField }).extend(commentThreadsQuerySchema.shape);
/** GET /news/:id/comments: a published news item's threads. */
export const newsCommentsListSchema = newsParamsSchema.extend(commentThreadsQuerySchema.shape);
/** GET /amv/:id/comments. */
export const amvCommentsListSchema = amvParamsSchema.extend(commentThreadsQuerySchema.shape);

/** GET /comments/latest?limit. */
export const latestCommentsQuerySchema = z.object({
  limit: z.preprocess(absent, integer(1, LATEST_COMMENTS_MAX, COMMENT_MESSAGES.limit(LATEST_COMMENTS_MAX)).optional()).default(LATEST_COMMENTS_DEFAULT),
});

/** `subscribe` / `unsubscribe` on the `/comments` socket namespace (unknown keys refused). */
export const commentsSubscribeSchema = z.strictObject({
  animeId: z
    .number({ error: COMMENT_MESSAGES.subscribe })
    .int({ error: COMMENT_MESSAGES.subscribe })
    .min(1, { error: COMMENT_MESSAGES.subscribe })
    .max(MAX_INT, { error: COMMENT_MESSAGES.subscribe }),
});

export type CommentIdRequest = z.output<typeof commentParamsSchema>;
export type CommentGetRequest = z.output<typeof commentGetSchema>;
export type CommentUpdateRequest = z.output<typeof commentUpdateSchema>;
export type LatestCommentsRequest = z.output<typeof latestCommentsQuerySchema>;
export type AnimeCommentCreateRequest = z.output<typeof commentCreateSchema>;
export type NewsCommentCreateRequest = z.output<typeof newsCommentCreateSchema>;
export type AmvCommentCreateRequest = z.output<typeof amvCommentCreateSchema>;
export type AnimeCommentsListRequest = z.output<typeof animeCommentsListSchema>;
export type NewsCommentsListRequest = z.output<typeof newsCommentsListSchema>;
export type AmvCommentsListRequest = z.output<typeof amvCommentsListSchema>;

/** What a comment is about, as the community's reader and writer take it: a title by its id (catalogue or Shikimori), a news item or an AMV by its uuid. */
export type CommentTargetRequest = { type: 'anime'; id: number } | { type: 'news'; id: string } | { type: 'amv'; id: string };

/** A new comment on any target: each route's request with its target made generic. */
export type CommentCreateRequest = Omit<AnimeCommentCreateRequest, 'animeId'> & { target: CommentTargetRequest };

/** A page of any target's threads. */
export type CommentListRequest = Omit<AnimeCommentsListRequest, 'id'> & { target: CommentTargetRequest };
