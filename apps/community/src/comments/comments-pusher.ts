import { Inject, Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import { COMMENTS_NAMESPACE, commentsRoomOf, socketIoRedisKey, type CommentItem, type CommentsServerToClientEvents } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/**
 * Pushes a new comment to the viewers of its title, whichever gateway replica holds them: the
 * emitter publishes on the channels the gateways' socket.io Redis adapter listens to.
 */
@Injectable()
export class CommentsPusher {
  private readonly comments;

  constructor(@Inject(REDIS) redis: Redis, @Inject(REDIS_OPTIONS) options: RedisOptions) {
    this.comments = new Emitter<CommentsServerToClientEvents>(redis, { key: socketIoRedisKey(options.keyPrefix) }).of(COMMENTS_NAMESPACE);
  }

  /** `comment` as a guest sees it (spoilers hidden): a viewer who may see more refetches. */
  pushNew(animeId: number, comment: CommentItem): void {
    this.comments.to(commentsRoomOf(animeId)).emit('comment:new', comment);
  }
}
