import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  ErrorCode,
  WATCH_PARTY_MESSAGES,
  WATCH_PARTY_ROOM_ID_PATTERN,
  WatchPartyErrorCode,
  watchPartyPath,
  type WatchPartyChatMessage,
  type WatchPartyControlAction,
  type WatchPartyCreated,
  type WatchPartyJoined,
  type WatchPartyState,
} from '@portal/contracts';
import { transportCall } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { PresenceRepository } from '../../presence/presence.repository';
import { RoomStore, WATCH_PARTY_SETTINGS, type WatchPartySettings } from '../room-store.repository';
import {
  applyDue,
  control,
  disconnect,
  join,
  leave,
  newRoom,
  oncePerCall,
  toState,
  type RoomChange,
  type RoomRecord,
  type RoomUser,
} from '../watch-party-room';
import { WatchPartyError } from '../watch-party.errors';
import { WatchPartyPusher } from '../watch-party-pusher';

/**
 * Watch-party use cases. Rooms live in Redis (RoomStore) and change only through the pure rules of
 * watch-party-room, applied atomically (compare-and-set), so any chat replica may handle any request;
 * every change is pushed to the room's sockets on all gateways. Sockets are named by their gateway:
 * the gateway forwards what its sockets do and holds nothing of the rules.
 *
 * One sweep per window across all chat replicas (a Redis key decides whose) applies due host
 * deadlines and takes the sockets of dead gateways (whose presence report expired) out of their rooms.
 * Applying a deadline twice changes nothing (the second finds the room already changed), so a
 * hand-over happens once even when two sweeps overlap.
 */
@Injectable()
export class WatchPartyService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WatchPartyService.name);
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    private readonly store: RoomStore,
    private readonly gateways: PresenceRepository,
    private readonly pusher: WatchPartyPusher,
    @Inject(WATCH_PARTY_SETTINGS) private readonly settings: WatchPartySettings,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.sweepEveryMs);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async create(host: RoomUser, animeId: number, episode: number): Promise<WatchPartyCreated> {
    for (;;) {
      const roomId = randomBytes(9).toString('base64url');
      if (await this.store.create(newRoom(roomId, animeId, episode, host, Date.now(), this.settings.hostGraceMs))) {
        return { roomId, url: watchPartyPath(roomId) };
      }
    }
  }

  async state(roomId: string): Promise<WatchPartyState> {
    const room = WATCH_PARTY_ROOM_ID_PATTERN.test(roomId) ? await this.store.get(roomId) : null;
    if (!room) throw RpcError.of(ErrorCode.NotFound, WATCH_PARTY_MESSAGES.roomNotFound);
    return toState(applyDue(room, Date.now()).room);
  }

  /** A socket of `user`, held by gateway `gatewayId`, enters the room: the room and its chat for that socket. */
  async join(user: RoomUser, roomId: string, gatewayId: string, socketId: string): Promise<WatchPartyJoined> {
    // Its sockets are kept in rooms only while the gateway reports: make sure it counts as alive now.
    await Promise.all([this.gateways.touch(gatewayId), this.store.holdsRoom(gatewayId, roomId)]);
    const change = await this.apply(roomId, (room) => join(room, user, { socketId, replicaId: gatewayId }, Date.now()));
    // Nothing changed: this very join was applied by a replica that died before answering.
    const room = change?.room ?? (await this.store.get(roomId));
    if (!room) throw WatchPartyError.roomNotFound();
    return { state: toState(room), history: await this.store.chatHistory(roomId) };
  }

  async leave(userId: string, roomId: string): Promise<void> {
    await this.apply(roomId, (room) => leave(room, userId, Date.now()));
  }

  /** One socket went away; a room that is gone already has nothing to change. */
  async disconnected(roomId: string, socketId: string): Promise<void> {
    await this.apply(roomId, (room) => disconnect(room, (connection) => connection.socketId === socketId, Date.now(), this.settings.hostGraceMs)).catch(
      unlessRoomGone,
    );
  }

  async control(userId: string, roomId: string, action: WatchPartyControlAction): Promise<void> {
    await this.apply(roomId, (room) => control(room, userId, action, Date.now()));
  }

  async chat(user: RoomUser, roomId: string, text: string): Promise<void> {
    if (!(await this.store.get(roomId))) throw WatchPartyError.roomNotFound();
    if (!(await this.store.allowChat(user.userId))) throw WatchPartyError.rateLimited();
    const message: WatchPartyChatMessage = { id: randomUUID(), userId: user.userId, username: user.username, avatar: user.avatar, text, sentAt: Date.now() };
    await this.store.appendChat(roomId, message);
    this.pusher.chat(roomId, message);
  }

  /** Takes every socket of a (dead or stopping) gateway out of its rooms. Idempotent: several replicas may do it at once. */
  async dropGateway(gatewayId: string): Promise<void> {
    for (const roomId of await this.store.roomsOf(gatewayId)) {
      await this.apply(roomId, (room) => disconnect(room, (connection) => connection.replicaId === gatewayId, Date.now(), this.settings.hostGraceMs)).catch(
        unlessRoomGone,
      );
    }
    await this.store.forgetGateway(gatewayId);
  }

  /**
   * Applies a change, once per request (a request taken over from a dead replica that had written it
   * changes nothing), and tells the room: the state (with its version) first, then the notices.
   */
  private async apply(roomId: string, rule: (room: RoomRecord) => RoomChange | null): Promise<RoomChange | null> {
    const change = await this.store.update(roomId, oncePerCall(rule, transportCall.currentWriteId()));
    if (change) this.pusher.change(change);
    return change;
  }

  /** Often enough that a hand-over comes within a quarter of the grace period, at most once a second. */
  private get sweepEveryMs(): number {
    return Math.max(100, Math.min(1000, Math.floor(this.settings.hostGraceMs / 4)));
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      if (!(await this.store.takeSweep(this.sweepEveryMs))) return;
      for (const roomId of await this.store.dueRooms(Date.now())) {
        const change = await this.apply(roomId, (room) => {
          const due = applyDue(room, Date.now());
          return due.room === room ? null : due;
        }).catch(unlessRoomGone);
        if (!change) await this.store.forgetDeadline(roomId);
      }
      const gateways = await this.store.gateways();
      const alive = await this.gateways.alive(gateways);
      for (const [index, gatewayId] of gateways.entries()) {
        if (!alive[index]) await this.dropGateway(gatewayId);
      }
    } catch (error) {
      // Redis unreachable or a lost race past the retries: the next sweep tries again.
      this.logger.warn(`watch-party sweep failed: ${String(error)}`);
    } finally {
      this.sweeping = false;
    }
  }
}

const isRoomGone = (error: unknown) => error instanceof WatchPartyError && error.code === WatchPartyErrorCode.RoomNotFound;
/** A room that is gone already has nothing to change (null); any other failure goes on. */
const unlessRoomGone = (error: unknown): null => {
  if (isRoomGone(error)) return null;
  throw error;
};
