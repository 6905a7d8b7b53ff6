import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { WATCH_PARTY_CHAT_HISTORY, WATCH_PARTY_CHAT_RATE_LIMIT, type WatchPartyChatMessage } from '@portal/contracts';
import { REDIS } from '@portal/messaging';
import type { RoomChange, RoomRecord } from './watch-party-room';
import { WatchPartyError } from './watch-party.errors';

export const WATCH_PARTY_SETTINGS = Symbol('WATCH_PARTY_SETTINGS');

export interface WatchPartySettings {
  keyPrefix: string;
  /** How long a disconnected host keeps control. */
  hostGraceMs: number;
  /** A room expires this long after its last change. */
  roomTtlSeconds: number;
}

/**
 * Compare-and-set of a room: the new JSON is written only when the stored one is still the one the
 * change was computed from, and the host deadline index follows in the same script. A replica that
 * loses the race re-reads and recomputes, so host changes from two replicas never interleave.
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if current ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
if ARGV[5] == '' then redis.call('ZREM', KEYS[2], ARGV[4]) else redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4]) end
return 1`;

const COUNT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

const MAX_ATTEMPTS = 20;

/**
 * Rooms in Redis, shared by every chat replica. Keys (under REDIS_KEY_PREFIX + `watch-party:`):
 * `room:<id>` (the room as JSON, expiring `roomTtlSeconds` after its last change), `room:<id>:chat`
 * (the last 50 messages), `deadlines` (rooms whose absent host's grace period ends, scored by that
 * time), `replicas` (the gateways that hold sockets in rooms) and `replica:<id>:rooms` (the rooms
 * where a gateway holds sockets, to clean up after it dies; whether it lives is its presence report),
 * `chat-rate:<userId>` (the room chat limit), `sweep` (which chat replica sweeps this round).
 */
@Injectable()
export class RoomStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(WATCH_PARTY_SETTINGS) private readonly settings: WatchPartySettings,
  ) {}

  async create(room: RoomRecord): Promise<boolean> {
    const created = await this.redis.set(this.roomKey(room.roomId), JSON.stringify(room), 'PX', this.ttlMs, 'NX');
    if (created && room.hostGraceUntil !== null) await this.redis.zadd(this.deadlinesKey, room.hostGraceUntil, room.roomId);
    return created === 'OK';
  }

  async get(roomId: string): Promise<RoomRecord | null> {
    const json = await this.redis.get(this.roomKey(roomId));
    return json === null ? null : (JSON.parse(json) as RoomRecord);
  }

  /**
   * Applies `change` atomically: read, compute, compare-and-set, again on a lost race. `change`
   * answers null when there is nothing to do; a missing room is `ROOM_NOT_FOUND`.
   */
  async update(roomId: string, change: (room: RoomRecord) => RoomChange | null): Promise<RoomChange | null> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const json = await this.redis.get(this.roomKey(roomId));
      if (json === null) throw WatchPartyError.roomNotFound();
      const result = change(JSON.parse(json) as RoomRecord);
      if (result === null) return null;
      const written = await this.redis.eval(
        COMPARE_AND_SET,
        3,
        this.roomKey(roomId),
        this.deadlinesKey,
        this.chatKey(roomId),
        json,
        JSON.stringify(result.room),
        this.ttlMs,
        roomId,
        result.room.hostGraceUntil === null ? '' : String(result.room.hostGraceUntil),
      );
      if (written === 1) return result;
    }
    throw WatchPartyError.unavailable();
  }

  /** Rooms whose host deadline has passed (any replica may apply them; applying twice changes nothing). */
  async dueRooms(now: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.deadlinesKey, '-inf', now, 'LIMIT', 0, 100);
  }

  async forgetDeadline(roomId: string): Promise<void> {
    await this.redis.zrem(this.deadlinesKey, roomId);
  }

  async appendChat(roomId: string, message: WatchPartyChatMessage): Promise<void> {
    await this.redis
      .multi()
      .rpush(this.chatKey(roomId), JSON.stringify(message))
      .ltrim(this.chatKey(roomId), -WATCH_PARTY_CHAT_HISTORY, -1)
      .pexpire(this.chatKey(roomId), this.ttlMs)
      .pexpire(this.roomKey(roomId), this.ttlMs)
      .exec();
  }

  async chatHistory(roomId: string): Promise<WatchPartyChatMessage[]> {
    const items = await this.redis.lrange(this.chatKey(roomId), -WATCH_PARTY_CHAT_HISTORY, -1);
    return items.map((item) => JSON.parse(item) as WatchPartyChatMessage);
  }

  /** Counts a chat message of the user; false past the limit. */
  async allowChat(userId: string): Promise<boolean> {
    const count = await this.redis.eval(COUNT_IN_WINDOW, 1, `${this.base}chat-rate:${userId}`, WATCH_PARTY_CHAT_RATE_LIMIT.seconds * 1000);
    return Number(count) <= WATCH_PARTY_CHAT_RATE_LIMIT.messages;
  }

  // Gateways holding sockets in rooms ---------------------------------------------------------------

  /** Records that a gateway holds a socket in the room, so the room is cleaned up if the gateway dies. */
  async holdsRoom(gatewayId: string, roomId: string): Promise<void> {
    await this.redis
      .multi()
      .sadd(this.replicaRoomsKey(gatewayId), roomId)
      .pexpire(this.replicaRoomsKey(gatewayId), this.ttlMs)
      .sadd(this.replicasKey, gatewayId)
      .exec();
  }

  /** Gateways that hold (or held) sockets in rooms. */
  async gateways(): Promise<string[]> {
    return this.redis.smembers(this.replicasKey);
  }

  async roomsOf(gatewayId: string): Promise<string[]> {
    return this.redis.smembers(this.replicaRoomsKey(gatewayId));
  }

  async forgetGateway(gatewayId: string): Promise<void> {
    await this.redis.multi().del(this.replicaRoomsKey(gatewayId)).srem(this.replicasKey, gatewayId).exec();
  }

  /** True for the one chat replica that sweeps in this window (the key expires with it). */
  async takeSweep(windowMs: number): Promise<boolean> {
    return (await this.redis.set(`${this.base}sweep`, '1', 'PX', windowMs, 'NX')) === 'OK';
  }

  private get ttlMs(): number {
    return this.settings.roomTtlSeconds * 1000;
  }

  private get base(): string {
    return `${this.settings.keyPrefix}watch-party:`;
  }

  private get deadlinesKey(): string {
    return `${this.base}deadlines`;
  }

  private get replicasKey(): string {
    return `${this.base}replicas`;
  }

  private roomKey(roomId: string): string {
    return `${this.base}room:${roomId}`;
  }

  private chatKey(roomId: string): string {
    return `${this.base}room:${roomId}:chat`;
  }

  private replicaRoomsKey(gatewayId: string): string {
    return `${this.base}replica:${gatewayId}:rooms`;
  }
}
