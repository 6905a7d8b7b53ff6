import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { CHAT_NAMESPACE, type ChatServerToClientEvents } from '@portal/contracts';
import { gatewayNamespace, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * Pushes chat events to every connected client, whichever gateway replica holds it: the emitter
 * publishes on the channels the gateways' socket.io Redis adapter listens to. Best effort: the message
 * is stored, and a reader who missed the push sees it in the history.
 */
@Injectable()
export class ChatPusher {
  private readonly logger = new Logger(ChatPusher.name);
  private readonly chat;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.chat = gatewayNamespace<ChatServerToClientEvents>(redis, options, CHAT_NAMESPACE, (error) => this.logger.warn(`chat push failed: ${String(error)}`));
  }

  push<E extends keyof ChatServerToClientEvents>(event: E, ...payload: Parameters<ChatServerToClientEvents[E]>): void {
    this.chat.emit(event, ...payload);
  }
}
