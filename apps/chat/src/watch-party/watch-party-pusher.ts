import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { WATCH_PARTY_NAMESPACE, watchPartyRoom, type WatchPartyChatMessage, type WatchPartyServerToClientEvents } from '@portal/contracts';
import { gatewayNamespace, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
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
    this.namespace = gatewayNamespace<WatchPartyServerToClientEvents>(redis, options, WATCH_PARTY_NAMESPACE, (error) =>
      this.logger.warn(`watch-party push failed: ${String(error)}`),
    );
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
