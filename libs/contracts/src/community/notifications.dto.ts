import type { z } from 'zod';
import type { CardGranted } from '../rewards/cards.dto';
import type { RankChanged } from '../rewards/points.dto';
import type { NOTIFICATION_TARGETS, notificationActorSchema, notificationItemSchema, notificationPageSchema, unreadCountSchema } from './notifications.answers';

/**
 * In-app notifications (docs/community.md, «Notifications»): the one place every feature tells a
 * user something. A feature adds its kind here and its target's schema to NOTIFICATION_TARGETS
 * (notifications.answers.ts), and calls the community's `NotificationsService.notify` inside its own
 * transaction. Plain types and constants: the web client imports them too.
 */

/** Every kind there is. Kept in the database as text: never rename one, add new ones. */
export const NOTIFICATION_KINDS = [
  'comment.reply',
  'comment.like',
  'review.approved',
  'review.rejected',
  'order.released',
  'quiz.approved',
  'quiz.rejected',
  'report.decided',
  'episode.released',
  'user.sanctioned',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who caused a notification. */
export type NotificationActor = z.output<typeof notificationActorSchema>;

/** What a notification of a kind is about (NOTIFICATION_TARGETS in notifications.answers.ts). */
export type NotificationTargetOf<K extends NotificationKind> = z.output<(typeof NOTIFICATION_TARGETS)[K]>;
export type CommentNotificationTarget = NotificationTargetOf<'comment.reply'>;
export type ReviewNotificationTarget = NotificationTargetOf<'review.approved'>;
export type OrderNotificationTarget = NotificationTargetOf<'order.released'>;
export type QuizNotificationTarget = NotificationTargetOf<'quiz.approved'>;
export type EpisodeNotificationTarget = NotificationTargetOf<'episode.released'>;
export type ReportNotificationTarget = NotificationTargetOf<'report.decided'>;
export type SanctionNotificationTarget = NotificationTargetOf<'user.sanctioned'>;

/** What a feature passes to notify a user: the target, and who acted (comments only; the admins of moderation kinds are not named). */
export type NotificationKindMap = {
  [K in NotificationKind]: { target: NotificationTargetOf<K> } & (K extends `comment.${string}` ? { actor: NotificationActor } : { actor?: undefined });
};

/** A notification as the API and the live push give it; `text` is Russian, made by the server. */
export type NotificationItem = z.output<typeof notificationItemSchema>;
export type NotificationPage = z.output<typeof notificationPageSchema>;
export type UnreadCount = z.output<typeof unreadCountSchema>;

// Every kind has its member of the union in notificationItemSchema.
type MissingKinds = Exclude<NotificationKind, NotificationItem['kind']>;
export const NOTIFICATION_ITEMS_COVER_EVERY_KIND: [MissingKinds] extends [never] ? true : MissingKinds = true;

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
