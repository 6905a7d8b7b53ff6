import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { NOTIFICATIONS_NAMESPACE, notificationsRoom, type NotificationsServerToClientEvents, type RankChanged } from '@portal/contracts';
import { gatewayNamespace, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * Tells the user's open tabs of a rank change: `reward:rank` to their room of the gateways'
 * `/notifications` namespace through the socket.io Redis emitter (as CardPusher). Best effort: the
 * user object carries the rank anyway.
 */
@Injectable()
export class RankPusher {
  private readonly logger = new Logger(RankPusher.name);
  private readonly namespace;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.namespace = gatewayNamespace<NotificationsServerToClientEvents>(redis, options, NOTIFICATIONS_NAMESPACE, (error) =>
      this.logger.warn(`rank push failed: ${String(error)}`),
    );
  }

  changed(userId: string, change: RankChanged): void {
    this.namespace.to(notificationsRoom(userId)).emit('reward:rank', change);
  }
}
