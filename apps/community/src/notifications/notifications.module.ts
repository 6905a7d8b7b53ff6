import { Module } from '@nestjs/common';
import { AfterCommit } from './after-commit';
import { CommentNotificationsListener } from './listeners/comment-notifications.listener';
import { NotificationsMessageController } from './notifications.message-controller';
import { NotificationsPusher } from './notifications-pusher';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * In-app notifications (docs/community.md, «Notifications»). Other features inject the exported
 * `NotificationsService` and call `notify(manager, …)` inside their transaction; `AfterCommit` is
 * exported for other work that must wait for a caller's commit.
 */
@Module({
  controllers: [NotificationsMessageController],
  providers: [AfterCommit, NotificationsRepository, NotificationsPusher, NotificationsService, CommentNotificationsListener],
  exports: [NotificationsService, AfterCommit],
})
export class NotificationsModule {}
