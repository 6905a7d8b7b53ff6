import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import {
  CHAT_NAMESPACE,
  NOTIFICATIONS_NAMESPACE,
  sanctionKeys,
  sanctionSocketRoom,
  socketIoRedisKey,
  WATCH_PARTY_NAMESPACE,
  type SanctionNotice,
} from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { BansRepository, type ChatMuteRow, type IpBanRow, type UserBanRow } from '../bans.repository';

/** The namespaces a fully banned user's sockets are dropped from (each joins `user:<id>` when signed in). */
const USER_NAMESPACES = [CHAT_NAMESPACE, NOTIFICATIONS_NAMESPACE, WATCH_PARTY_NAMESPACE];

/**
 * The active sanctions as the gateway reads them per request (docs/moderation.md, «Enforcement»):
 * one Redis key each, `ban:<userId>`, `chat-mute:<userId>`, `ip-ban:<ip>`, holding the notice as
 * JSON and expiring when the sanction ends. Written after the database commit; rebuilt from the
 * tables at boot, so a lost write or a flushed Redis heals on the next start.
 */
@Injectable()
export class SanctionStore implements OnApplicationBootstrap {
  private readonly logger = new Logger(SanctionStore.name);
  private readonly emitter: Emitter;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) options: RedisOptions,
    private readonly bans: BansRepository,
  ) {
    // A failed PUBLISH must not end the process (the emitter ignores its promise); the ban itself is in force through Redis keys.
    const publisher = {
      publish: (channel: string, message: Buffer | string) =>
        redis.publish(channel, message).catch((error: unknown) => this.logger.warn(`socket kick failed: ${String(error)}`)),
    };
    this.emitter = new Emitter(publisher, { key: socketIoRedisKey(options.keyPrefix) });
  }

  async onApplicationBootstrap() {
    try {
      const { bans, mutes, ips } = await this.bans.allActive();
      await Promise.all([...bans.map((row) => this.putBan(row)), ...mutes.map((row) => this.putMute(row)), ...ips.map((row) => this.putIpBan(row))]);
    } catch (error) {
      this.logger.warn(`sanctions not republished at boot: ${String(error)}`);
    }
  }

  async putBan(row: UserBanRow): Promise<void> {
    if (row.kind === 'warning') return;
    await this.put(sanctionKeys.ban(row.user_id), { kind: row.kind, reason: row.reason, until: row.until?.toISOString() ?? null }, row.until);
    if (row.kind === 'full') this.kick(row.user_id);
  }

  async clearBan(userId: string): Promise<void> {
    await this.redis.del(sanctionKeys.ban(userId));
  }

  putMute(row: ChatMuteRow): Promise<void> {
    return this.put(sanctionKeys.chatMute(row.user_id), { kind: 'chat-mute', reason: row.reason, until: row.until.toISOString() }, row.until);
  }

  async clearMute(userId: string): Promise<void> {
    await this.redis.del(sanctionKeys.chatMute(userId));
  }

  putIpBan(row: IpBanRow): Promise<void> {
    return this.put(sanctionKeys.ip(row.ip), { kind: 'ip', reason: row.reason, until: row.until?.toISOString() ?? null }, row.until);
  }

  async clearIpBan(ip: string): Promise<void> {
    await this.redis.del(sanctionKeys.ip(ip));
  }

  /** Open sockets of the user on every gateway replica are closed (the Redis adapter relays it). */
  private kick(userId: string) {
    for (const namespace of USER_NAMESPACES) this.emitter.of(namespace).in(sanctionSocketRoom(userId)).disconnectSockets(true);
  }

  private async put(key: string, notice: SanctionNotice, until: Date | null): Promise<void> {
    const value = JSON.stringify(notice);
    if (!until) {
      await this.redis.set(key, value);
      return;
    }
    const ms = until.getTime() - Date.now();
    if (ms <= 0) await this.redis.del(key);
    else await this.redis.set(key, value, 'PX', ms);
  }
}
