import { z } from 'zod';
import { BAN_KINDS } from '../moderation/bans.dto';
import { REPORT_ACTIONS, REPORT_TARGET_TYPES } from '../moderation/reports.dto';
import { isoDateTime } from '../validation/answer.schemas';
import { COMMENT_TARGET_TYPES } from './comments.dto';
import type { NotificationKind } from './notifications.dto';

// What the notification operations answer (notifications.operations.ts), and the target of each kind:
// the types in notifications.dto.ts are these schemas' outputs.

/** Who caused a notification. */
export const notificationActorSchema = z.object({ id: z.string(), username: z.string() });

/** A comment a notification is about (a reply to it, a like of it). */
const commentTarget = z.object({
  type: z.literal('comment'),
  /** The comment the notification is about: the reply for `comment.reply`, the liked one for `comment.like`. */
  commentId: z.string(),
  /** The reply's parent (the recipient's comment) for `comment.reply`; absent otherwise. */
  parentId: z.string().nullable().optional(),
  /** Where the comment lives: a title (`anime`, its catalogue id as text), a news item or an AMV. */
  targetType: z.enum(COMMENT_TARGET_TYPES),
  targetId: z.string(),
  /** The first characters of the comment (empty for a spoiler). */
  excerpt: z.string(),
});

/** A review a notification is about (its moderation). */
const reviewTarget = z.object({
  type: z.literal('review'),
  reviewId: z.string(),
  animeId: z.number().int(),
  /** The title's name when the caller knows it, for the text. */
  animeTitle: z.string().nullable().optional(),
});

/** An order the recipient voted for (docs/community.md, «Order desk»). */
const orderTarget = z.object({ type: z.literal('order'), orderId: z.string(), animeId: z.number().int(), animeTitle: z.string() });

/** A quiz the recipient wrote (its moderation, docs/community.md, «Quizzes»). */
const quizTarget = z.object({ type: z.literal('quiz'), quizId: z.string(), quizTitle: z.string() });

/** New episodes of a title in the recipient's «Смотрю» list (the catalogue linked them). */
const episodeTarget = z.object({
  type: z.literal('episode'),
  animeId: z.number().int(),
  animeTitle: z.string(),
  /** The new episodes, ascending. */
  episodes: z.array(z.number().int()),
});

/** A report the recipient sent, as an admin decided it (docs/moderation.md). */
const reportTarget = z.object({
  type: z.literal('report'),
  caseId: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  action: z.enum(REPORT_ACTIONS),
  contentDeleted: z.boolean(),
});

/** What the user is told of a sanction: `lifted` and `unmuted` end a ban or a mute early. */
export const userSanctionSchema = z.object({
  action: z.enum([...BAN_KINDS, 'chat-mute', 'nickname-reset', 'lifted', 'unmuted']),
  reason: z.string().nullable(),
  until: isoDateTime.nullable(),
  /** The new nickname for `nickname-reset`. */
  username: z.string().optional(),
});

/** What each kind is about. `reason` of a rejection is shown to the author. */
export const NOTIFICATION_TARGETS = {
  /** Someone replied to the recipient's comment; not grouped (each reply is its own). */
  'comment.reply': commentTarget,
  /** Someone liked the recipient's comment; grouped per comment while unread. */
  'comment.like': commentTarget,
  /** An admin approved the recipient's review (the admin is not named). */
  'review.approved': reviewTarget,
  'review.rejected': reviewTarget.extend({ reason: z.string().nullable() }),
  /** An order the recipient voted for was released; its title is in their «Запланировано». */
  'order.released': orderTarget,
  /** An admin approved or rejected the recipient's quiz (the admin is not named). */
  'quiz.approved': quizTarget,
  'quiz.rejected': quizTarget.extend({ reason: z.string() }),
  /** An admin decided on a report the recipient sent (the admin is not named). */
  'report.decided': reportTarget,
  /** New episodes of a title the recipient is watching; one per catalogue announcement. */
  'episode.released': episodeTarget,
  /** An admin warned, banned, muted or renamed the recipient, or lifted it (the admin is not named). */
  'user.sanctioned': userSanctionSchema.extend({ type: z.literal('sanction') }),
} satisfies Record<NotificationKind, z.ZodType>;

/** A notification of one kind as the API and the live push give it; `text` is Russian, made by the server. */
const notificationOf = <K extends NotificationKind>(kind: K) =>
  z.object({
    id: z.string(),
    kind: z.literal(kind),
    /** The most recent actors first, at most NOTIFICATION_ACTORS_SHOWN. */
    actors: z.array(notificationActorSchema),
    /** How many different users acted (a grouped like counts each liker once). */
    actorCount: z.number().int(),
    target: NOTIFICATION_TARGETS[kind],
    text: z.string(),
    createdAt: isoDateTime,
    /** Bumped when a grouped notification gains an actor; the list is ordered by it. */
    updatedAt: isoDateTime,
    read: z.boolean(),
  });

export const notificationItemSchema = z.discriminatedUnion('kind', [
  notificationOf('comment.reply'),
  notificationOf('comment.like'),
  notificationOf('review.approved'),
  notificationOf('review.rejected'),
  notificationOf('order.released'),
  notificationOf('quiz.approved'),
  notificationOf('quiz.rejected'),
  notificationOf('report.decided'),
  notificationOf('episode.released'),
  notificationOf('user.sanctioned'),
]);

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationPageSchema = z.object({
  items: z.array(notificationItemSchema),
  /** Pass as `?cursor=` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The caller's unread notifications in total. */
  unread: z.number().int(),
});
