import { Inject, Injectable, Logger } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import { socketIoRedisKey, WATCH_PARTY_NAMESPACE, watchPartyRoom, type WatchPartyChatMessage, type WatchPartyServerToClientEvents } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { toState, type RoomChange } from './watch-party-room';

/**
 * Tells a room's members of every change, whichever gateway holds their sockets: the emitter
 * publishes on the channels the gateways' socket.io Redis adapter listens to. One connection
 * publishes in order, so a replica's changes arrive in the order it made them; changes of two
 * replicas may cross, and clients keep the state with the highest version.
 */
@Injectable()
export class WatchPartyPusher {
  private readonly logger = new Logger(WatchPartyPusher.name);
  private readonly namespace;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    // The emitter ignores the promise of its PUBLISH: caught here, a Redis outage is not an unhandled
    // rejection, which would end the chat process (test/scale/chaos-redis.spec.ts).
    const publisher = {
      publish: (channel: string, message: Buffer | string) => redis.publish(channel, message).catch((error: unknown) => this.logger.warn(`watch-party push failed: ${String(error)}`)),
    };
    this.namespace = new Emitter<WatchPartyServerToClientEvents>(publisher, { key: socketIoRedisKey(options.keyPrefix) }).of(WATCH_PARTY_NAMESPACE);
  }

  /** The state (with its version) first, then the notices. */
  change({ room, notices }: RoomChange): void {
    const channel = this.namespace.to(watchPartyRoom(room.roomId));
    channel.emit('state', toState(room));
    for (const notice of notices) {
      if (notice.event === 'member-joined') channel.emit('member-joined', notice.payload);
      else if (notice.event === 'member-left') channel.emit('member-left', notice.payload);
      else channel.emit('host-changed', notice.payload);
    }
  }

  chat(roomId: string, message: WatchPartyChatMessage): void {
    this.namespace.to(watchPartyRoom(roomId)).emit('chat-message', message);
  }
}
