import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { OnlineStats, OnlineUsersPage } from '@portal/contracts';
import { REDIS } from '@portal/messaging';
import { aggregatePresence, snapshotOf, withVisitor, type Presence, type ReplicaSnapshot, type Visitor } from './presence';

export const PRESENCE_SETTINGS = Symbol('PRESENCE_SETTINGS');

export interface PresenceSettings {
  keyPrefix: string;
  /** How often this replica republishes what it holds. */
  heartbeatMs: number;
  /** How long a replica's snapshot outlives its last heartbeat: a dead replica drops out after this. */
  ttlSeconds: number;
}

const CHANGE_DEBOUNCE_MS = 200;

/**
 * Who is online, across replicas. Each replica keeps its own visitors and publishes a snapshot to
 * Redis with a short expiry; every replica sums the live snapshots, so all agree, and a replica that
 * dies (no shutdown, no goodbye) drops out when its snapshot expires. The full list of names is
 * kept from the same recount as the counts, so a page of it costs no Redis call and never disagrees
 * with them.
 */
@Injectable()
export class PresenceService implements OnApplicationShutdown {
  readonly replicaId = randomUUID();
  private readonly visitors = new Map<string, Visitor>();
  private presence: Presence = aggregatePresence([]);
  private readonly listeners = new Set<(stats: OnlineStats) => void>();
  private readonly recountListeners = new Set<(generation: number) => void>();
  /** Counts every arrival, so a recount can tell which arrivals its counts hold. */
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PRESENCE_SETTINGS) private readonly settings: PresenceSettings,
  ) {}

  get current(): OnlineStats {
    return this.presence.stats;
  }

  /**
   * What one connection is told: the current counts, which already hold its own visitor even
   * before the recount that follows its arrival (the first answer never leaves the newcomer out).
   */
  statsFor(socketId: string): OnlineStats {
    const visitor = this.visitors.get(socketId);
    return visitor ? withVisitor(this.presence, visitor) : this.presence.stats;
  }

  /** A slice of everyone online, in the order of the counts' first names. */
  page(offset: number, limit: number): OnlineUsersPage {
    const { usernames } = this.presence;
    return { items: usernames.slice(offset, offset + limit), offset, limit, total: usernames.length };
  }

  /** Called with the new counts whenever they change. */
  onChange(listener: (stats: OnlineStats) => void): void {
    this.listeners.add(listener);
  }

  /** Called after every recount with the last arrival it holds (see `connected`), before `onChange`. */
  onRecount(listener: (generation: number) => void): void {
    this.recountListeners.add(listener);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(), this.settings.heartbeatMs);
    void this.refresh();
  }

  /** Returns the arrival's generation: the recounts from it on count this visitor. */
  connected(socketId: string, visitor: Visitor): number {
    this.visitors.set(socketId, visitor);
    this.soon();
    this.generation += 1;
    return this.generation;
  }

  disconnected(socketId: string): void {
    if (this.visitors.delete(socketId)) this.soon();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    clearTimeout(this.pending);
    this.timer = undefined;
    // Leaving cleanly: the others stop counting this replica's visitors at once.
    await this.redis
      .multi()
      .del(this.snapshotKey(this.replicaId))
      .srem(this.replicasKey, this.replicaId)
      .exec()
      .catch(() => undefined);
  }

  private soon(): void {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.refresh(), CHANGE_DEBOUNCE_MS);
  }

  /** Publishes this replica's snapshot, then recounts from every live one. */
  private async refresh(): Promise<void> {
    const generation = this.generation;
    try {
      await this.redis
        .multi()
        .set(this.snapshotKey(this.replicaId), JSON.stringify(snapshotOf(this.visitors.values())), 'EX', this.settings.ttlSeconds)
        .sadd(this.replicasKey, this.replicaId)
        .exec();
      const replicas = await this.redis.smembers(this.replicasKey);
      const snapshots = replicas.length > 0 ? await this.redis.mget(replicas.map((id) => this.snapshotKey(id))) : [];
      const expired = replicas.filter((_, index) => snapshots[index] === null);
      if (expired.length > 0) await this.redis.srem(this.replicasKey, ...expired);
      const live = snapshots.filter((snapshot): snapshot is string => snapshot !== null).map((snapshot) => JSON.parse(snapshot) as ReplicaSnapshot);
      this.publish(aggregatePresence(live), generation);
    } catch {
      // Redis unreachable: keep the last counts; the next heartbeat tries again.
    }
  }

  private publish(presence: Presence, generation: number): void {
    const changed = JSON.stringify(presence.stats) !== JSON.stringify(this.presence.stats);
    this.presence = presence;
    this.recountListeners.forEach((listener) => listener(generation));
    if (changed) this.listeners.forEach((listener) => listener(presence.stats));
  }

  private get replicasKey(): string {
    return `${this.settings.keyPrefix}presence:replicas`;
  }

  private snapshotKey(replicaId: string): string {
    return `${this.settings.keyPrefix}presence:replica:${replicaId}`;
  }
}
