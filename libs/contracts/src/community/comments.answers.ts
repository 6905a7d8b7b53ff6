import { z } from 'zod';
import { deletedOf, isoDateTime } from '../validation/answer.schemas';
import { animeRefSchema } from '../catalogue/anime-ref.answers';
import { commentAuthorSchema } from './comment-author.answers';
import { COMMENT_TARGET_TYPES } from './comments.dto';

// What the comment operations answer (comments.operations.ts); the types in comments.dto.ts are these schemas' outputs.

export const commentTargetSchema = z.object({
  type: z.enum(COMMENT_TARGET_TYPES),
  /** The target's id as text (a title's catalogue id). */
  id: z.string(),
});

/** A comment pinned to a moment of an episode; `hidden`: the content was withheld from this viewer. */
export const commentSpoilerSchema = z.object({
  episode: z.number().int(),
  /** Seconds into the episode. */
  at: z.number().int(),
  hidden: z.boolean(),
});

export const commentItemSchema = z.object({
  id: z.uuid(),
  target: commentTargetSchema,
  /** The title's catalogue id when the target is a title (SPEC's `animeId`), else null. */
  animeId: z.number().int().nullable(),
  /** The comment this one answers (null for a thread); may be a deeper comment than `threadParentId`. */
  parentId: z.uuid().nullable(),
  /** Where it is shown: under this comment (null for a thread). Equals `parentId` above the depth cap. */
  threadParentId: z.uuid().nullable(),
  /** 0 for a thread, 1..COMMENT_DEPTH_MAX for replies. */
  depth: z.number().int(),
  author: commentAuthorSchema,
  /** Null when deleted («Комментарий удалён») or when a spoiler is hidden from this viewer. */
  content: z.string().nullable(),
  createdAt: isoDateTime,
  editedAt: isoDateTime.nullable(),
  likes: z.number().int(),
  likedByMe: z.boolean(),
  /** Live comments answering this one. */
  replies: z.number().int(),
  deleted: z.boolean(),
  spoiler: commentSpoilerSchema.nullable(),
  /**
   * On hold after reports (docs/moderation.md): others get no content and show REPORT_MESSAGES.held;
   * its author and admins still read it. Absent on items made before holds existed.
   */
  held: z.boolean().optional(),
});

/** A comment with the replies shown under it (a deleted one without any is left out). */
export const commentNodeSchema = commentItemSchema.extend({
  get children() {
    return z.array(commentNodeSchema);
  },
});

export const commentThreadSchema = commentNodeSchema.extend({
  /** The thread has more than COMMENT_THREAD_REPLIES_SHOWN replies; only the oldest are included. */
  moreReplies: z.boolean(),
});

export const commentThreadPageSchema = z.object({
  /** Newest threads first. */
  items: z.array(commentThreadSchema),
  /** Pass as `?cursor=` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** The latest feed: a comment with the title it is about. */
export const latestCommentSchema = commentItemSchema.extend({ anime: animeRefSchema.nullable() });

export const latestCommentsSchema = z.array(latestCommentSchema);

export const commentLikeStateSchema = z.object({ id: z.uuid(), likes: z.number().int(), likedByMe: z.boolean() });

export const commentDeletedSchema = deletedOf(z.uuid());
