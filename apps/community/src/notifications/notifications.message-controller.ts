import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { signedIn, validatePayload } from '@portal/platform';
import { emptySchema, notificationListQuerySchema, notificationReadSchema } from '@portal/contracts/schemas';
import { NotificationsService } from './notifications.service';

/** The caller's own notifications: the user is always the caller's token. */
@Controller()
export class NotificationsMessageController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern('community.notifications.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.notifications.list(user.id, validatePayload(notificationListQuerySchema, data));
  }

  @MessagePattern('community.notifications.unread-count')
  unreadCount(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    validatePayload(emptySchema, data);
    return this.notifications.unreadCount(user.id);
  }

  @MessagePattern('community.notifications.read')
  read(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.notifications.markRead(user.id, validatePayload(notificationReadSchema, data));
  }
}
