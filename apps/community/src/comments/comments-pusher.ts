import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { COMMENTS_NAMESPACE, commentsRoomOf, type CommentsServerToClientEvents } from '@portal/contracts';
import { gatewayNamespace, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * Pushes to the viewers of a title (docs/realtime.md, «Comments»), whichever gateway replica holds
 * them: the emitter publishes on the channels the gateways' socket.io Redis adapter listens to.
 * Callers push only after their transaction committed, and only what a guest may see. Best effort:
 * a push that fails is logged, never thrown at the change that caused it (a reload shows the change).
 */
@Injectable()
export class CommentsPusher {
  private readonly logger = new Logger(CommentsPusher.name);
  private readonly comments;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.comments = gatewayNamespace<CommentsServerToClientEvents>(redis, options, COMMENTS_NAMESPACE, (error) =>
      this.logger.warn(`comment push failed: ${String(error)}`),
    );
  }

  push<E extends keyof CommentsServerToClientEvents>(animeId: number, event: E, ...payload: Parameters<CommentsServerToClientEvents[E]>): void {
    this.comments.to(commentsRoomOf(animeId)).emit(event, ...payload);
  }
}
