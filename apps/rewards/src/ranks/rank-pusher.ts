import { Inject, Injectable, Logger } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import { NOTIFICATIONS_NAMESPACE, notificationsRoom, type NotificationsServerToClientEvents, type RankChanged, socketIoRedisKey } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

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
    const publisher = {
      publish: (channel: string, message: Buffer | string) => redis.publish(channel, message).catch((error: unknown) => this.logger.warn(`rank push failed: ${String(error)}`)),
    };
    this.namespace = new Emitter<NotificationsServerToClientEvents>(publisher, { key: socketIoRedisKey(options.keyPrefix) }).of(NOTIFICATIONS_NAMESPACE);
  }

  changed(userId: string, change: RankChanged): void {
    this.namespace.to(notificationsRoom(userId)).emit('reward:rank', change);
  }
}
