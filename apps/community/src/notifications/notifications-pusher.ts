import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { NOTIFICATIONS_NAMESPACE, notificationsRoom, type NotificationsServerToClientEvents } from '@portal/contracts';
import { gatewayNamespace, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * Pushes to one user's sockets in the gateway's `/notifications` namespace, whichever replica holds
 * them: the emitter publishes on the channel of the room `user:<id>` that the gateways' socket.io
 * Redis adapter listens to. Best effort: a push that fails is logged (the count is read again on the
 * next connect or page load), never thrown at the change that caused it.
 */
@Injectable()
export class NotificationsPusher {
  private readonly logger = new Logger(NotificationsPusher.name);
  private readonly namespace;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.namespace = gatewayNamespace<NotificationsServerToClientEvents>(redis, options, NOTIFICATIONS_NAMESPACE, (error) =>
      this.logger.warn(`notification push failed: ${String(error)}`),
    );
  }

  push<E extends keyof NotificationsServerToClientEvents>(userId: string, event: E, ...payload: Parameters<NotificationsServerToClientEvents[E]>): void {
    this.namespace.to(notificationsRoom(userId)).emit(event, ...payload);
  }
}
