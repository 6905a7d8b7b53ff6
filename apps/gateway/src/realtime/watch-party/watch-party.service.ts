import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Namespace, Socket } from 'socket.io';
import {
  WatchPartyErrorCode,
  watchPartyPath,
  type WatchPartyChatMessage,
  type WatchPartyClientToServerEvents,
  type WatchPartyCreated,
  type WatchPartyServerToClientEvents,
  type WatchPartyState,
} from '@portal/contracts';
import { RoomStore, WATCH_PARTY_SETTINGS, type WatchPartySettings } from './room-store.service';
import { applyDue, control, disconnect, join, leave, newRoom, toState, type ControlAction, type RoomChange, type RoomRecord, type RoomUser } from './watch-party-room';
import { WatchPartyError } from './watch-party.errors';

export interface WatchPartySocketData {
  user: RoomUser;
  roomId?: string;
}

export type WatchPartyNamespace = Namespace<WatchPartyClientToServerEvents, WatchPartyServerToClientEvents, Record<string, never>, WatchPartySocketData>;
export type WatchPartySocket = Socket<WatchPartyClientToServerEvents, WatchPartyServerToClientEvents, Record<string, never>, WatchPartySocketData>;

/** The socket.io room of a watch-party room: the Redis adapter carries its broadcasts to every replica. */
const channelOf = (roomId: string) => `watch-party:${roomId}`;

/**
 * Watch-party use cases. Rooms live in Redis (RoomStore) and change only through the pure rules of
 * watch-party-room, applied atomically; every change is broadcast to the room's sockets on all
 * replicas. A sweep on every replica applies due host deadlines and cleans up after dead replicas,
 * so a room never stays without a host because the replica holding the host died.
 */
@Injectable()
export class WatchPartyService implements BeforeApplicationShutdown {
  readonly replicaId = randomUUID();
  private namespace: WatchPartyNamespace | null = null;
  /** Sockets of this replica that are in a room, to re-register them if the others took this replica for dead. */
  private readonly local = new Map<string, WatchPartySocket>();
  private timers: NodeJS.Timeout[] = [];
  private sweeping = false;
  private closing = false;
  private beats = 0;

  constructor(
    private readonly store: RoomStore,
    @Inject(WATCH_PARTY_SETTINGS) private readonly settings: WatchPartySettings,
  ) {}

  /** Called by the gateway once its namespace exists. */
  attach(namespace: WatchPartyNamespace): void {
    this.namespace = namespace;
    if (this.timers.length > 0) return;
    const sweepEvery = Math.max(100, Math.min(1000, Math.floor(this.settings.hostGraceMs / 4)));
    this.timers.push(setInterval(() => void this.beat(), this.settings.heartbeatMs));
    this.timers.push(setInterval(() => void this.sweep(), sweepEvery));
    void this.beat();
  }

  async create(host: RoomUser, animeId: number, episode: number): Promise<WatchPartyCreated> {
    for (;;) {
      const roomId = randomBytes(9).toString('base64url');
      if (await this.store.create(newRoom(roomId, animeId, episode, host, Date.now(), this.settings.hostGraceMs))) {
        return { roomId, url: watchPartyPath(roomId) };
      }
    }
  }

  async state(roomId: string): Promise<WatchPartyState | null> {
    const room = await this.store.get(roomId);
    return room ? toState(applyDue(room, Date.now()).room) : null;
  }

  async join(socket: WatchPartySocket, roomId: string): Promise<void> {
    if (socket.data.roomId && socket.data.roomId !== roomId) await this.disconnected(socket);
    const user = socket.data.user;
    const change = await this.apply(roomId, (room) => join(room, user, { socketId: socket.id, replicaId: this.replicaId }, Date.now()));
    await this.store.holdsRoom(this.replicaId, roomId);
    if (socket.disconnected) {
      // It went away while joining: its disconnect found nothing to remove, so remove it now.
      await this.apply(roomId, (room) => disconnect(room, (connection) => connection.socketId === socket.id, Date.now(), this.settings.hostGraceMs));
      return;
    }
    socket.data.roomId = roomId;
    this.local.set(socket.id, socket);
    await socket.join(channelOf(roomId));
    socket.emit('chat-history', await this.store.chatHistory(roomId));
    // The broadcast of the join may reach other replicas first; this socket gets the state at once.
    if (change) socket.emit('state', toState(change.room));
  }

  async leave(socket: WatchPartySocket): Promise<void> {
    const roomId = this.joinedRoom(socket);
    this.forgetSocket(socket, roomId);
    await this.apply(roomId, (room) => leave(room, socket.data.user.userId, Date.now()));
  }

  async disconnected(socket: WatchPartySocket): Promise<void> {
    const roomId = socket.data.roomId;
    if (!roomId || this.closing) return;
    this.forgetSocket(socket, roomId);
    await this.apply(roomId, (room) => disconnect(room, (connection) => connection.socketId === socket.id, Date.now(), this.settings.hostGraceMs)).catch(
      () => undefined,
    );
  }

  async control(socket: WatchPartySocket, action: ControlAction): Promise<void> {
    const roomId = this.joinedRoom(socket);
    await this.apply(roomId, (room) => control(room, socket.data.user.userId, action, Date.now()));
  }

  async chat(socket: WatchPartySocket, text: string): Promise<void> {
    const roomId = this.joinedRoom(socket);
    if (!(await this.store.get(roomId))) throw WatchPartyError.roomNotFound();
    const { user } = socket.data;
    if (!(await this.store.allowChat(user.userId))) throw WatchPartyError.rateLimited();
    const message: WatchPartyChatMessage = { id: randomUUID(), userId: user.userId, username: user.username, avatar: user.avatar, text, sentAt: Date.now() };
    await this.store.appendChat(roomId, message);
    this.namespace?.to(channelOf(roomId)).emit('chat-message', message);
  }

  /** Stops the timers and takes this replica's sockets out of their rooms (the hosts' grace periods start). */
  async beforeApplicationShutdown(): Promise<void> {
    this.timers.forEach((timer) => clearInterval(timer));
    this.timers = [];
    this.closing = true;
    await this.dropReplica(this.replicaId).catch(() => undefined);
  }

  /** Applies a change and tells the room: the state (with its version) first, then the notices. */
  private async apply(roomId: string, rule: (room: RoomRecord) => RoomChange | null): Promise<RoomChange | null> {
    const change = await this.store.update(roomId, rule);
    if (change) this.broadcast(change);
    return change;
  }

  private broadcast({ room, notices }: RoomChange): void {
    if (!this.namespace) return;
    const channel = this.namespace.to(channelOf(room.roomId));
    channel.emit('state', toState(room));
    for (const notice of notices) {
      if (notice.event === 'member-joined') channel.emit('member-joined', notice.payload);
      else if (notice.event === 'member-left') channel.emit('member-left', notice.payload);
      else channel.emit('host-changed', notice.payload);
    }
  }

  private joinedRoom(socket: WatchPartySocket): string {
    const roomId = socket.data.roomId;
    if (!roomId) throw WatchPartyError.notJoined();
    return roomId;
  }

  private forgetSocket(socket: WatchPartySocket, roomId: string): void {
    this.local.delete(socket.id);
    socket.data.roomId = undefined;
    void socket.leave(channelOf(roomId));
  }

  private async beat(): Promise<void> {
    try {
      const forgotten = await this.store.heartbeat(this.replicaId);
      this.beats += 1;
      // Another replica took this one for dead (Redis was unreachable for a while) and removed its sockets: put them back.
      if (forgotten && this.beats > 1) {
        for (const socket of this.local.values()) {
          if (socket.data.roomId) await this.join(socket, socket.data.roomId).catch(() => undefined);
        }
      }
    } catch {
      // Redis unreachable: the next heartbeat tries again.
    }
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      for (const roomId of await this.store.dueRooms(Date.now())) {
        const change = await this.apply(roomId, (room) => {
          const due = applyDue(room, Date.now());
          return due.room === room ? null : due;
        }).catch((error: unknown) => (isRoomGone(error) ? null : Promise.reject(error)));
        if (!change) await this.store.forgetDeadline(roomId);
      }
      for (const replicaId of await this.store.deadReplicas()) {
        if (replicaId !== this.replicaId) await this.dropReplica(replicaId);
      }
    } catch {
      // Redis unreachable or a lost race past the retries: the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }

  /** Takes every socket of a (dead or stopping) replica out of its rooms. Idempotent: several replicas may do it at once. */
  private async dropReplica(replicaId: string): Promise<void> {
    for (const roomId of await this.store.roomsOf(replicaId)) {
      await this.apply(roomId, (room) => disconnect(room, (connection) => connection.replicaId === replicaId, Date.now(), this.settings.hostGraceMs)).catch(
        (error: unknown) => (isRoomGone(error) ? null : Promise.reject(error)),
      );
    }
    await this.store.forgetReplica(replicaId);
  }
}

const isRoomGone = (error: unknown) => error instanceof WatchPartyError && error.code === WatchPartyErrorCode.RoomNotFound;
