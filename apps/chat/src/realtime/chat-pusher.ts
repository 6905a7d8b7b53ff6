import { Inject, Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import { CHAT_NAMESPACE, socketIoRedisKey, type ChatServerToClientEvents } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * Pushes chat events to every connected client, whichever gateway replica holds it: the emitter
 * publishes on the channels the gateways' socket.io Redis adapter listens to.
 */
@Injectable()
export class ChatPusher {
  private readonly chat;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.chat = new Emitter<ChatServerToClientEvents>(redis, { key: socketIoRedisKey(options.keyPrefix) }).of(CHAT_NAMESPACE);
  }

  push<E extends keyof ChatServerToClientEvents>(event: E, ...payload: Parameters<ChatServerToClientEvents[E]>): void {
    this.chat.emit(event, ...payload);
  }
}
