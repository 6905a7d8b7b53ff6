import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { TelegramSessionCheck } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

/** Marks a session verified only while it still exists, so an expired one cannot come back. */
const MARK_VERIFIED = `if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HSET', KEYS[1], 'status', 'verified', 'telegramUserId', ARGV[1])
  return 1
end
return 0`;

/** Hands out the Telegram user id of a verified session and deletes it in one step: one session, one account. */
const CONSUME_VERIFIED = `if redis.call('HGET', KEYS[1], 'status') == 'verified' then
  local userId = redis.call('HGET', KEYS[1], 'telegramUserId')
  redis.call('DEL', KEYS[1])
  return userId
end
return false`;

/**
 * Verification sessions in Redis, expiring on their own: pending until the bot sees
 * `/start check_<token>` from a subscriber, then verified with that Telegram user id.
 */
@Injectable()
export class TelegramSessionsStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
  ) {}

  async create(ttlSeconds: number): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.redis.multi().hset(this.key(token), 'status', 'pending').expire(this.key(token), ttlSeconds).exec();
    return token;
  }

  async exists(token: string): Promise<boolean> {
    return (await this.redis.exists(this.key(token))) === 1;
  }

  async markVerified(token: string, telegramUserId: string): Promise<boolean> {
    return (await this.redis.eval(MARK_VERIFIED, 1, this.key(token), telegramUserId)) === 1;
  }

  async check(token: string): Promise<TelegramSessionCheck> {
    const session = await this.redis.hgetall(this.key(token));
    const verified = session.status === 'verified';
    return { verified, userId: verified ? (session.telegramUserId ?? null) : null };
  }

  /** The Telegram user id of a verified session, which is used up; `null` for any other token. */
  async consumeVerified(token: string): Promise<string | null> {
    const userId = await this.redis.eval(CONSUME_VERIFIED, 1, this.key(token));
    return typeof userId === 'string' ? userId : null;
  }

  private key(token: string) {
    return `${this.redisOptions.keyPrefix}auth:tg:session:${token}`;
  }
}
