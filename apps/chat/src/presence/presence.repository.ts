import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { PresenceSnapshot } from '@portal/contracts';
import { REDIS } from '@portal/messaging';

export const PRESENCE_SETTINGS = Symbol('PRESENCE_SETTINGS');

export interface PresenceSettings {
  keyPrefix: string;
  /** How often a gateway reports what it holds (it is told so in every answer). */
  heartbeatMs: number;
  /** How long a gateway's report outlives it: a gateway that dies drops out after this. */
  ttlSeconds: number;
}

const EMPTY_SNAPSHOT: PresenceSnapshot = { users: {}, guests: [], bots: [] };

/**
 * The gateways' reports in Redis (under REDIS_KEY_PREFIX): `presence:replica:<gatewayId>` (what one
 * gateway holds, as JSON, expiring `ttlSeconds` after its last report) and `presence:replicas` (the
 * gateways seen, pruned of expired reports at each recount). A live report is also how the watch
 * parties know that a gateway, and the sockets it holds in rooms, is still there.
 */
@Injectable()
export class PresenceRepository {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PRESENCE_SETTINGS) private readonly settings: PresenceSettings,
  ) {}

  /** Stores a gateway's report; true when its previous one was still live. */
  async store(gatewayId: string, snapshot: PresenceSnapshot): Promise<boolean> {
    const results = await this.redis
      .multi()
      .exists(this.snapshotKey(gatewayId))
      .set(this.snapshotKey(gatewayId), JSON.stringify(snapshot), 'EX', this.settings.ttlSeconds)
      .sadd(this.gatewaysKey, gatewayId)
      .exec();
    return results?.[0]?.[1] === 1;
  }

  /**
   * Marks a gateway live without changing what it reported: a gateway may put a socket in a room
   * before its first report has arrived, and must not be taken for dead meanwhile.
   */
  async touch(gatewayId: string): Promise<void> {
    await this.redis
      .multi()
      .set(this.snapshotKey(gatewayId), JSON.stringify(EMPTY_SNAPSHOT), 'EX', this.settings.ttlSeconds, 'NX')
      .sadd(this.gatewaysKey, gatewayId)
      .exec();
  }

  /** Every live report; expired gateways are forgotten on the way. */
  async live(): Promise<PresenceSnapshot[]> {
    const gateways = await this.redis.smembers(this.gatewaysKey);
    if (gateways.length === 0) return [];
    const snapshots = await this.redis.mget(gateways.map((id) => this.snapshotKey(id)));
    const expired = gateways.filter((_, index) => snapshots[index] === null);
    if (expired.length > 0) await this.redis.srem(this.gatewaysKey, ...expired);
    return snapshots.filter((snapshot): snapshot is string => snapshot !== null).map((snapshot) => JSON.parse(snapshot) as PresenceSnapshot);
  }

  /** Which of these gateways still report. */
  async alive(gatewayIds: string[]): Promise<boolean[]> {
    if (gatewayIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    gatewayIds.forEach((id) => pipeline.exists(this.snapshotKey(id)));
    const results = (await pipeline.exec()) ?? [];
    // An unanswered check is no proof of death: the caller tries again later.
    const failed = results.find(([error]) => error);
    if (failed || results.length !== gatewayIds.length) throw failed?.[0] ?? new Error('presence liveness check incomplete');
    return results.map(([, exists]) => exists === 1);
  }

  /** A gateway stopping cleanly: the counts stop holding its visitors at once. */
  async remove(gatewayId: string): Promise<void> {
    await this.redis.multi().del(this.snapshotKey(gatewayId)).srem(this.gatewaysKey, gatewayId).exec();
  }

  private get gatewaysKey(): string {
    return `${this.settings.keyPrefix}presence:replicas`;
  }

  private snapshotKey(gatewayId: string): string {
    return `${this.settings.keyPrefix}presence:replica:${gatewayId}`;
  }
}
