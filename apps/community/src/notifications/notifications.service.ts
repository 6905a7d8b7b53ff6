import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  type NotificationActor,
  type NotificationItem,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationReadRequest,
  type NotificationTargetOf,
  TELEGRAM_NOTICE_KINDS,
  type UnreadCount,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { AfterCommit } from './after-commit';
import { cursorOf, parseCursor, toNotificationItem } from './notification-text';
import { NotificationsPusher } from './notifications-pusher';
import { NotificationsRepository } from './notifications.repository';

/** What a feature asks to tell a user. */
export type Notify = {
  [K in NotificationKind]: {
    /** The recipient. */
    userId: string;
    kind: K;
    /**
     * Notifications of one group merge while unread (e.g. `comment.like:<commentId>`): one row whose
     * actor count grows. A read one no longer takes part, so the next event starts a new one.
     */
    groupKey?: string | null;
    /** Who caused it; a user is never told of their own action. */
    actor?: NotificationActor | null;
    target: NotificationTargetOf<K>;
  };
}[NotificationKind];

/**
 * The one place notifications go. Features call `notify` inside their own transaction (an event
 * handler's `manager`, or their request's): the notification commits or rolls back with their
 * change, and the recipient's sockets get it live once it has committed.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly pusher: NotificationsPusher,
    private readonly afterCommit: AfterCommit,
    private readonly outbox: OutboxPublisher,
  ) {}

  /**
   * Stores (or groups) a notification in the caller's transaction and pushes `notification:new`
   * after commit. Null when there is nothing to tell: the recipient is the actor, or the actor is
   * already among a grouped notification's recent actors.
   */
  async notify(manager: EntityManager, request: Notify): Promise<NotificationItem | null> {
    if (request.actor && request.actor.id === request.userId) return null;
    const row = await this.notifications.upsert(manager, {
      userId: request.userId,
      kind: request.kind,
      groupKey: request.groupKey ?? null,
      actor: request.actor ?? null,
      target: request.target,
    });
    if (!row) return null;
    const notification = toNotificationItem(row);
    // Telegram is one more way of delivery (docs/telegram-and-vk.md): the auth service decides whether this user gets it.
    const toTelegram = TELEGRAM_NOTICE_KINDS.includes(request.kind);
    if (toTelegram) {
      await this.outbox.publish(manager, 'community.notification.created', {
        notificationId: notification.id,
        userId: request.userId,
        kind: request.kind,
        text: notification.text,
      });
    }
    this.afterCommit.run(manager, () => {
      if (toTelegram) this.outbox.afterCommit();
      void this.pushNew(request.userId, notification);
    });
    return notification;
  }

  async list(userId: string, query: NotificationListQuery): Promise<NotificationPage> {
    const [rows, unread] = await Promise.all([
      this.notifications.page(userId, { unreadOnly: query.unread, after: parseCursor(query.cursor), limit: query.limit + 1 }),
      this.notifications.unreadCount(userId),
    ]);
    const items = rows.slice(0, query.limit);
    return {
      items: items.map(toNotificationItem),
      nextCursor: rows.length > query.limit ? cursorOf(items[items.length - 1]) : null,
      unread,
    };
  }

  async unreadCount(userId: string): Promise<UnreadCount> {
    return { unread: await this.notifications.unreadCount(userId) };
  }

  /** Only the caller's own are marked: another user's id matches nothing (and says nothing of its existence). */
  async markRead(userId: string, request: NotificationReadRequest): Promise<UnreadCount> {
    const marked = await this.notifications.markRead(userId, request.all === true ? 'all' : [...new Set(request.ids ?? [])]);
    const unread = await this.notifications.unreadCount(userId);
    // The user's other tabs follow the badge.
    if (marked > 0) this.pusher.push(userId, 'notification:unread', { unread });
    return { unread };
  }

  /** The count is read after commit, so it includes this notification and whatever else committed. */
  private async pushNew(userId: string, notification: NotificationItem): Promise<void> {
    try {
      const unread = await this.notifications.unreadCount(userId);
      this.pusher.push(userId, 'notification:new', { notification, unread });
    } catch (error) {
      this.logger.warn(`notification push failed: ${String(error)}`);
    }
  }
}
