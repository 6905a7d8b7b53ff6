import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { EntityManager } from 'typeorm';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CHAT_MESSAGES, ErrorCode, type AuthenticatedUser, type ChatMessage } from '@portal/contracts';
import { OutboxPublisher, REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { ChatPusher } from '../../realtime/chat-pusher';
import { toChatMessage } from '../message.mapper';
import { MessagesRepository } from '../messages.repository';

export const CHAT_RATE_LIMIT = Symbol('CHAT_RATE_LIMIT');

export interface ChatRateLimit {
  messages: number;
  perSeconds: number;
}

/** The chat room everyone shares: stored first, then pushed to every client. */
@Injectable()
export class ChatMessagesService {
  private readonly limiter: RateLimiterRedis;

  constructor(
    private readonly messages: MessagesRepository,
    private readonly pusher: ChatPusher,
    private readonly outbox: OutboxPublisher,
    @Inject(REDIS) redis: Redis,
    @Inject(REDIS_OPTIONS) options: RedisOptions,
    @Inject(CHAT_RATE_LIMIT) limit: ChatRateLimit,
  ) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${options.keyPrefix}chat:rl`, points: limit.messages, duration: limit.perSeconds });
  }

  async page(before: string | null, limit: number): Promise<{ items: ChatMessage[]; nextCursor: string | null }> {
    const rows = await this.messages.page(before, limit + 1);
    const newestFirst = rows.slice(0, limit);
    const oldest = newestFirst[newestFirst.length - 1];
    return { items: newestFirst.reverse().map(toChatMessage), nextCursor: rows.length > limit ? oldest.id : null };
  }

  async post(author: AuthenticatedUser, text: string, avatar: string | null): Promise<ChatMessage> {
    await this.limiter.consume(author.id).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw RpcError.of(ErrorCode.RateLimited, CHAT_MESSAGES.rateLimited, { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
    });
    // Stored with its event (the site statistics count messages) in one transaction.
    const row = await this.messages.transaction(async (manager) => {
      const inserted = await this.messages.insert({ userId: author.id, username: author.username, avatar, message: text, isSystem: false }, manager);
      await this.outbox.publish(manager, 'chat.message.posted', { messageId: String(inserted.id), userId: author.id });
      return inserted;
    });
    this.outbox.afterCommit();
    const message = toChatMessage(row);
    this.pusher.push('newMessage', message);
    return message;
  }

  /** Stores a system message in the caller's transaction; returns the push to run once it commits. */
  async storeSystemMessage(text: string, manager: EntityManager): Promise<() => void> {
    const message = toChatMessage(await this.messages.insert({ userId: null, username: 'system', avatar: null, message: text, isSystem: true }, manager));
    return () => this.pusher.push('newMessage', message);
  }

  async get(id: string): Promise<ChatMessage> {
    const row = await this.messages.findVisible(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CHAT_MESSAGES.notFound);
    return toChatMessage(row);
  }

  /** An admin's deletion, published in its transaction (`chat.admin.acted`): the moderation's audit log records it. */
  async remove(admin: AuthenticatedUser, id: string): Promise<{ id: string; deleted: true }> {
    await this.messages.transaction(async (manager) => {
      const deleted = await this.messages.markDeleted(id, manager);
      if (!deleted) throw RpcError.of(ErrorCode.NotFound, CHAT_MESSAGES.notFound);
      await this.outbox.publish(manager, 'chat.admin.acted', {
        actorId: admin.id,
        target: 'chat-message',
        targetId: deleted.id,
        action: 'deleted',
        subjectUserId: deleted.user_id,
        before: { text: deleted.message },
        after: null,
      });
    });
    this.outbox.afterCommit();
    this.pusher.push('messageDeleted', { id });
    return { id, deleted: true };
  }
}
