import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { NOTIFICATIONS_OPERATIONS } from '@portal/contracts/operations';
import type { NotificationListQuery, NotificationReadRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { NotificationsService } from './notifications.service';

/** The caller's own notifications: the user is always the caller's token (NOTIFICATIONS_OPERATIONS). */
@Controller()
export class NotificationsMessageController {
  constructor(private readonly notifications: NotificationsService) {}

  @HandlesOperation(NOTIFICATIONS_OPERATIONS.list)
  list(@Input() query: NotificationListQuery, @Caller() user: AuthenticatedUser) {
    return this.notifications.list(user.id, query);
  }

  @HandlesOperation(NOTIFICATIONS_OPERATIONS.unreadCount)
  unreadCount(@Caller() user: AuthenticatedUser) {
    return this.notifications.unreadCount(user.id);
  }

  @HandlesOperation(NOTIFICATIONS_OPERATIONS.read)
  read(@Input() request: NotificationReadRequest, @Caller() user: AuthenticatedUser) {
    return this.notifications.markRead(user.id, request);
  }
}
