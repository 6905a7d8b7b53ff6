import type { z } from 'zod';
import type { commentAuthorSchema } from './comment-author.answers';
import type {
  commentItemSchema,
  commentLikeStateSchema,
  commentNodeSchema,
  commentSpoilerSchema,
  commentTargetSchema,
  commentThreadPageSchema,
  commentThreadSchema,
  latestCommentSchema,
} from './comments.answers';

/**
 * Comments (docs/community.md, «Comments»): plain types and constants, imported by the web client too
 * (the answers' types are the outputs of comments.answers.ts, imported here as types only, so the web
 * client's bundle carries no zod). A comment belongs to a target: a title, a news item or an AMV.
 */

/** What a comment can be about. */
export const COMMENT_TARGET_TYPES = ['anime', 'news', 'amv'] as const;
export type CommentTargetType = (typeof COMMENT_TARGET_TYPES)[number];

export type CommentTarget = z.output<typeof commentTargetSchema>;

/** Characters of a comment after trimming. */
export const COMMENT_CONTENT_MAX = 2000;
/** Replies nest at most this deep under a thread (the thread itself is depth 0); deeper answers stay at this depth. */
export const COMMENT_DEPTH_MAX = 3;
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 50;
export const LATEST_COMMENTS_DEFAULT = 10;
export const LATEST_COMMENTS_MAX = 50;
/** Replies of one thread included in a page (oldest first); `moreReplies` says there are more. */
export const COMMENT_THREAD_REPLIES_SHOWN = 200;
/** A spoiler's moment is a second inside an episode: at most a day. */
export const COMMENT_SPOILER_AT_MAX = 24 * 3600;
/** Characters of the content an event carries for notifications. */
export const COMMENT_EXCERPT_LENGTH = 140;

export type CommentAuthor = z.output<typeof commentAuthorSchema>;

export type CommentSpoiler = z.output<typeof commentSpoilerSchema>;
export type CommentItem = z.output<typeof commentItemSchema>;
/** A comment with the replies shown under it (a deleted one without any is left out). */
export type CommentNode = z.output<typeof commentNodeSchema>;
export type CommentThread = z.output<typeof commentThreadSchema>;
export type CommentThreadPage = z.output<typeof commentThreadPageSchema>;
/** The latest feed: a comment with the title it is about. */
export type LatestComment = z.output<typeof latestCommentSchema>;
export type CommentLikeState = z.output<typeof commentLikeStateSchema>;

/** `<microseconds since the epoch>_<uuid>`: the position after the last thread of a page. */
export const COMMENT_CURSOR_PATTERN = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** «Спойлер к серии 2, 05:00» (hours too past the first hour). */
export function spoilerLabel(episode: number, at: number): string {
  const seconds = Math.max(0, Math.floor(at));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const clock = `${hours > 0 ? `${hours}:${pad(Math.floor(seconds / 60) % 60)}` : pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
  return `Спойлер к серии ${episode}, ${clock}`;
}

export const COMMENT_MESSAGES = {
  content: 'Комментарий не может быть пустым',
  contentTooLong: `Комментарий не может быть длиннее ${COMMENT_CONTENT_MAX} символов`,
  nul: 'Текст содержит недопустимый символ (NUL)',
  animeId: 'Укажите id аниме (целое положительное число)',
  animeNotFound: 'Аниме не найдено',
  id: 'Некорректный идентификатор комментария',
  parentNotFound: 'Комментарий, на который вы отвечаете, не найден',
  parentOtherTarget: 'Ответ должен относиться к тому же аниме, что и комментарий',
  episode: 'Номер серии должен быть целым числом не меньше 1',
  episodeBeyondTotal: 'Номер серии больше, чем серий у аниме',
  episodeNotOnTitle: 'Номер серии указывают только в комментариях к аниме',
  at: `Момент спойлера должен быть целым числом секунд от 0 до ${COMMENT_SPOILER_AT_MAX}`,
  atWithoutEpisode: 'Укажите серию, к которой относится момент спойлера',
  notFound: 'Комментарий не найден',
  editForeign: 'Нельзя изменить чужой комментарий',
  deleteForeign: 'Нельзя удалить чужой комментарий',
  likeOwn: 'Нельзя оценить свой комментарий',
  rateLimited: 'Вы комментируете слишком часто, подождите немного',
  dailyLimit: 'Достигнут дневной лимит комментариев, попробуйте позже',
  cursor: 'Некорректный курсор страницы',
  limit: (max: number) => `Лимит должен быть целым числом от 1 до ${max}`,
  deleted: 'Комментарий удалён',
  subscribe: 'Укажите id аниме (целое положительное число)',
  tooManyRooms: 'Слишком много открытых обсуждений на одном соединении',
} as const;

/** The socket.io namespace of live comments; a client subscribes to a title's room. */
export const COMMENTS_NAMESPACE = '/comments';
/** The rooms of titles in the comments namespace: `anime:<catalogue id>`. */
export const COMMENTS_ROOM_PREFIX = 'anime:';
export const commentsRoomOf = (animeId: number) => `${COMMENTS_ROOM_PREFIX}${animeId}`;
/** Rooms one socket may be in at once. */
export const COMMENTS_ROOMS_PER_SOCKET = 20;
/** A comment's like count is pushed at most once per this many milliseconds (the latest count). */
export const COMMENT_LIKES_PUSH_INTERVAL_MS = 500;

/** `comment:deleted`: whether it stays as «Комментарий удалён» (something live is shown under it) or disappears. */
export interface CommentDeletedPush {
  id: string;
  animeId: number;
  /** True: a placeholder now; false: gone, and a deleted comment above it left with nothing live goes too. */
  placeholder: boolean;
}

/** `comment:likes`: the count only (`likedByMe` is each viewer's own and is never pushed to a room). */
export interface CommentLikesPush {
  id: string;
  animeId: number;
  likes: number;
}

export interface CommentsServerToClientEvents {
  /** A new comment or reply on a subscribed title, as a guest sees it (spoilers hidden): refetch to reveal. */
  'comment:new': (comment: CommentItem) => void;
  /**
   * The author edited it: the comment as a guest sees it (a spoiler's content null), with `editedAt`.
   * Take `content` and `editedAt` only; a viewer showing a revealed spoiler keeps that text until a refetch.
   */
  'comment:updated': (comment: CommentItem) => void;
  'comment:deleted': (deleted: CommentDeletedPush) => void;
  /** The latest count, at most once per COMMENT_LIKES_PUSH_INTERVAL_MS per comment. */
  'comment:likes': (likes: CommentLikesPush) => void;
}

export type CommentsSubscribeAck = { ok: true } | { ok: false; message: string };

export interface CommentsClientToServerEvents {
  subscribe: (payload: { animeId: number }, ack?: (answer: CommentsSubscribeAck) => void) => void;
  unsubscribe: (payload: { animeId: number }, ack?: (answer: CommentsSubscribeAck) => void) => void;
}
