import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { type CardGranted, NOTIFICATIONS_NAMESPACE, notificationsRoom, type NotificationsServerToClientEvents } from '@portal/contracts';
import { gatewayNamespace, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { cardGrantedChannel } from './card-grants.job';

/**
 * Tells of a committed grant: `reward:card` to the user's room of the gateways' `/notifications`
 * namespace (the socket.io Redis emitter, as the community's NotificationsPusher), and the key on
 * the channel the `rewards.grant.await` RPC listens to. Best effort: the web dedupes by grantId, and
 * an await that misses the message still finds the grant in the table.
 */
@Injectable()
export class CardPusher {
  private readonly logger = new Logger(CardPusher.name);
  private readonly namespace;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
  ) {
    this.namespace = gatewayNamespace<NotificationsServerToClientEvents>(redis, options, NOTIFICATIONS_NAMESPACE, (error) =>
      this.logger.warn(`card push failed: ${String(error)}`),
    );
  }

  async granted(userId: string, key: string, grant: CardGranted): Promise<void> {
    this.namespace.to(notificationsRoom(userId)).emit('reward:card', grant);
    await this.redis
      .publish(cardGrantedChannel(this.options.keyPrefix), key)
      .catch((error: unknown) => this.logger.warn(`card grant publish failed: ${String(error)}`));
  }
}
