import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { BAN_MESSAGES, ErrorCode, sanctionKeys, type SanctionNotice } from '@portal/contracts';
import { REDIS } from './redis.module';
import { RemoteServiceError } from './rpc-client';

/** How long a replica trusts what it read: a ban reaches every request within this. */
export const SANCTION_CACHE_MS = 2000;
const CACHE_MAX = 50_000;

export interface UserSanctions {
  ban: SanctionNotice | null;
  chatMute: SanctionNotice | null;
}

const parse = (value: string | null): SanctionNotice | null => {
  if (!value) return null;
  try {
    const notice = JSON.parse(value) as SanctionNotice;
    // The key expires with the sanction; this only guards a clock a little ahead of Redis.
    return notice.until && Date.parse(notice.until) <= Date.now() ? null : notice;
  } catch {
    return null;
  }
};

/**
 * The sanctions the moderation service publishes in Redis (docs/moderation.md, «Enforcement»), read
 * per request with a tiny in-process cache: one MGET per user per SANCTION_CACHE_MS at most.
 */
@Injectable()
export class SanctionLookup {
  private readonly users = new Map<string, { at: number; value: Promise<UserSanctions> }>();
  private readonly ips = new Map<string, { at: number; value: Promise<SanctionNotice | null> }>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  ofUser(userId: string): Promise<UserSanctions> {
    return this.cached(this.users, userId, { ban: null, chatMute: null }, async () => {
      const [ban, chatMute] = await this.redis.mget(sanctionKeys.ban(userId), sanctionKeys.chatMute(userId));
      return { ban: parse(ban), chatMute: parse(chatMute) };
    });
  }

  ofIp(ip: string): Promise<SanctionNotice | null> {
    return this.cached(this.ips, ip, null, async () => parse(await this.redis.get(sanctionKeys.ip(ip))));
  }

  /** A fully banned user is refused everything signed in. */
  async assertNotBanned(userId: string): Promise<void> {
    const { ban } = await this.ofUser(userId);
    if (ban?.kind === 'full') throw refusal(ErrorCode.UserBanned, BAN_MESSAGES.banned(ban), ban);
  }

  /** Content-creating writes: refused to a banned or read-only user, and chat posts to a muted one. */
  async assertMayWrite(userId: string, chat: boolean): Promise<void> {
    const { ban, chatMute } = await this.ofUser(userId);
    if (ban?.kind === 'full') throw refusal(ErrorCode.UserBanned, BAN_MESSAGES.banned(ban), ban);
    if (ban?.kind === 'read-only') throw refusal(ErrorCode.UserReadOnly, BAN_MESSAGES.readOnly(ban), ban);
    if (chat && chatMute) throw refusal(ErrorCode.ChatMuted, BAN_MESSAGES.chatMuted(chatMute), chatMute);
  }

  async assertIpAllowed(ip: string): Promise<void> {
    const ban = await this.ofIp(ip);
    if (ban) throw refusal(ErrorCode.IpBanned, BAN_MESSAGES.ipBanned, ban);
  }

  private cached<T>(cache: Map<string, { at: number; value: Promise<T> }>, key: string, fallback: T, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < SANCTION_CACHE_MS) return hit.value;
    if (cache.size >= CACHE_MAX) {
      for (const [old, entry] of cache) if (now - entry.at >= SANCTION_CACHE_MS) cache.delete(old);
      if (cache.size >= CACHE_MAX) cache.clear();
    }
    // Redis down: the request goes on unsanctioned (as the site does without its rate limits) and the next one asks again.
    const value = read().catch(() => {
      cache.delete(key);
      return fallback;
    });
    cache.set(key, { at: now, value });
    return value;
  }
}

const refusal = (code: ErrorCode, message: string, sanction: SanctionNotice) => new RemoteServiceError({ code, message, sanction });
