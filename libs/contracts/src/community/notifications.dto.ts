import type { ReportAction, ReportTargetType } from '../moderation/reports.dto';
import type { CardGranted } from '../rewards/cards.dto';
import type { RankChanged } from '../rewards/points.dto';
import type { UserSanction } from '../moderation/bans.dto';

/**
 * In-app notifications (docs/community.md, «Notifications»): the one place every feature tells a
 * user something. A feature adds its kind here (with the shape of its target) and calls the
 * community's `NotificationsService.notify` inside its own transaction. Plain types and constants:
 * the web client imports them too.
 */

/** Every kind there is. Kept in the database as text: never rename one, add new ones. */
export const NOTIFICATION_KINDS = ['comment.reply', 'comment.like', 'review.approved', 'review.rejected', 'order.released', 'quiz.approved', 'quiz.rejected', 'report.decided', 'episode.released', 'user.sanctioned'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who caused a notification. */
export interface NotificationActor {
  id: string;
  username: string;
}

/** A comment a notification is about (a reply to it, a like of it). */
export interface CommentNotificationTarget {
  type: 'comment';
  /** The comment the notification is about: the reply for `comment.reply`, the liked one for `comment.like`. */
  commentId: string;
  /** The reply's parent (the recipient's comment) for `comment.reply`; absent otherwise. */
  parentId?: string | null;
  /** Where the comment lives: a title today (`anime`, its catalogue id as text), news and AMVs later. */
  targetType: 'anime' | 'news' | 'amv';
  targetId: string;
  /** The first characters of the comment (empty for a spoiler). */
  excerpt: string;
}

/** A review a notification is about (its moderation). */
export interface ReviewNotificationTarget {
  type: 'review';
  reviewId: string;
  animeId: number;
  /** The title's name when the caller knows it, for the text. */
  animeTitle?: string | null;
}

/** An order the recipient voted for (docs/community.md, «Order desk»). */
export interface OrderNotificationTarget {
  type: 'order';
  orderId: string;
  animeId: number;
  animeTitle: string;
}

/** A quiz the recipient wrote (its moderation, docs/community.md, «Quizzes»). */
export interface QuizNotificationTarget {
  type: 'quiz';
  quizId: string;
  quizTitle: string;
}

/** New episodes of a title in the recipient's «Смотрю» list (the catalogue linked them). */
export interface EpisodeNotificationTarget {
  type: 'episode';
  animeId: number;
  animeTitle: string;
  /** The new episodes, ascending. */
  episodes: number[];
}

/** A report the recipient sent, as an admin decided it (docs/moderation.md). */
export interface ReportNotificationTarget {
  type: 'report';
  caseId: string;
  targetType: ReportTargetType;
  action: ReportAction;
  contentDeleted: boolean;
}

/** A sanction on the recipient (docs/moderation.md, «Bans»). */
export type SanctionNotificationTarget = { type: 'sanction' } & UserSanction;

/** What each kind is about and whether it has an actor. `reason` of a rejection is shown to the author. */
export interface NotificationKindMap {
  /** Someone replied to the recipient's comment; not grouped (each reply is its own). */
  'comment.reply': { target: CommentNotificationTarget; actor: NotificationActor };
  /** Someone liked the recipient's comment; grouped per comment while unread. */
  'comment.like': { target: CommentNotificationTarget; actor: NotificationActor };
  /** An admin approved the recipient's review (the admin is not named). */
  'review.approved': { target: ReviewNotificationTarget; actor?: undefined };
  'review.rejected': { target: ReviewNotificationTarget & { reason: string | null }; actor?: undefined };
  /** An order the recipient voted for was released; its title is in their «Запланировано». */
  'order.released': { target: OrderNotificationTarget; actor?: undefined };
  /** An admin approved or rejected the recipient's quiz (the admin is not named). */
  'quiz.approved': { target: QuizNotificationTarget; actor?: undefined };
  'quiz.rejected': { target: QuizNotificationTarget & { reason: string }; actor?: undefined };
  /** An admin decided on a report the recipient sent (the admin is not named). */
  'report.decided': { target: ReportNotificationTarget; actor?: undefined };
  /** New episodes of a title the recipient is watching; one per catalogue announcement. */
  'episode.released': { target: EpisodeNotificationTarget; actor?: undefined };
  /** An admin warned, banned, muted or renamed the recipient, or lifted it (the admin is not named). */
  'user.sanctioned': { target: SanctionNotificationTarget; actor?: undefined };
}

export type NotificationTargetOf<K extends NotificationKind> = NotificationKindMap[K]['target'];

/** A notification as the API and the live push give it; `text` is Russian, made by the server. */
export type NotificationItem = {
  [K in NotificationKind]: {
    id: string;
    kind: K;
    /** The most recent actors first, at most NOTIFICATION_ACTORS_SHOWN. */
    actors: NotificationActor[];
    /** How many different users acted (a grouped like counts each liker once). */
    actorCount: number;
    target: NotificationTargetOf<K>;
    text: string;
    createdAt: string;
    /** Bumped when a grouped notification gains an actor; the list is ordered by it. */
    updatedAt: string;
    read: boolean;
  };
}[NotificationKind];

export interface NotificationPage {
  items: NotificationItem[];
  /** Pass as `?cursor=` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** The caller's unread notifications in total. */
  unread: number;
}

export interface UnreadCount {
  unread: number;
}

/** Recent actors kept on a (grouped) notification. */
export const NOTIFICATION_ACTORS_SHOWN = 3;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** Ids one `POST /api/notifications/read` may name. */
export const NOTIFICATIONS_READ_IDS_MAX = 100;

/** The socket.io namespace of the live push; a signed-in socket is in its user's room only. */
export const NOTIFICATIONS_NAMESPACE = '/notifications';
export const notificationsRoom = (userId: string) => `user:${userId}`;

export interface NotificationsServerToClientEvents {
  /** A new notification, or a grouped one that gained an actor (same id, moved to the top). */
  'notification:new': (payload: { notification: NotificationItem; unread: number }) => void;
  /** The unread count changed otherwise (read in another tab), and once on connect. */
  'notification:unread': (payload: UnreadCount) => void;
  /** A card was granted (docs/rewards.md): the «Вы получили карточку!» dialog, deduplicated by grantId. */
  'reward:card': (payload: CardGranted) => void;
  /** The user's rank changed (docs/rewards.md, «Points and ranks»): the account menu updates, with a toast. */
  'reward:rank': (payload: RankChanged) => void;
}

export type NotificationsClientToServerEvents = Record<string, never>;

export const NOTIFICATION_MESSAGES = {
  cursor: 'Некорректный курсор страницы',
  limit: `Лимит должен быть целым числом от 1 до ${NOTIFICATIONS_PAGE_MAX}`,
  unread: 'Параметр unread должен быть true или false',
  id: 'Некорректный идентификатор уведомления',
  tooManyIds: `Не больше ${NOTIFICATIONS_READ_IDS_MAX} уведомлений за раз`,
  nothingToRead: 'Укажите ids уведомлений или all: true',
  signInRequired: 'Для уведомлений нужно войти',
} as const;
