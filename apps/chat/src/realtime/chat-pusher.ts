import { Inject, Injectable, Logger } from '@nestjs/common';
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
  private readonly logger = new Logger(ChatPusher.name);
  private readonly chat;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    // The emitter ignores the promise of its PUBLISH: caught here, a Redis outage is not an unhandled
    // rejection (which ended the chat process; test/scale/chaos-redis.spec.ts). The message is stored:
    // a reader who missed the push sees it in the history.
    const publisher = {
      publish: (channel: string, message: Buffer | string) => redis.publish(channel, message).catch((error: unknown) => this.logger.warn(`chat push failed: ${String(error)}`)),
    };
    this.chat = new Emitter<ChatServerToClientEvents>(publisher, { key: socketIoRedisKey(options.keyPrefix) }).of(CHAT_NAMESPACE);
  }

  push<E extends keyof ChatServerToClientEvents>(event: E, ...payload: Parameters<ChatServerToClientEvents[E]>): void {
    this.chat.emit(event, ...payload);
  }
}
