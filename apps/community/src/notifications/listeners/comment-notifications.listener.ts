import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { CommentEvent, CommentNotificationTarget } from '@portal/contracts';
import { EventConsumer } from '@portal/messaging';
import { NotificationsService } from '../notifications.service';

const commentTarget = (event: CommentEvent, parentId?: string | null): CommentNotificationTarget => ({
  type: 'comment',
  commentId: event.commentId,
  ...(parentId !== undefined && { parentId }),
  targetType: event.targetType,
  targetId: event.targetId,
  excerpt: event.excerpt,
});

/**
 * Tells a comment's author of a reply to it and of its likes (grouped per comment while unread).
 * Each event is applied once: the consumer records it in `processed_events` in the same transaction
 * as the notification, so a redelivery stores nothing twice.
 */
@Injectable()
export class CommentNotificationsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit() {
    this.consumer.on('community.comment.posted', async (event, manager) => {
      if (!event.parentAuthorId || event.parentAuthorId === event.authorId) return;
      await this.notifications.notify(manager, {
        userId: event.parentAuthorId,
        kind: 'comment.reply',
        actor: { id: event.authorId, username: event.authorUsername },
        target: commentTarget(event, event.parentId),
      });
    });
    this.consumer.on('community.comment.liked', async (event, manager) => {
      await this.notifications.notify(manager, {
        userId: event.authorId,
        kind: 'comment.like',
        groupKey: `comment.like:${event.commentId}`,
        actor: { id: event.likerId, username: event.likerUsername },
        target: commentTarget(event),
      });
    });
  }
}
