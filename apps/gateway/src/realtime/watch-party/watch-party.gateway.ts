import { randomUUID } from 'node:crypto';
import { type BeforeApplicationShutdown } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  WATCH_PARTY_MESSAGES,
  WATCH_PARTY_NAMESPACE,
  sanctionSocketRoom,
  watchPartyRoom,
  type RpcMeta,
  type WatchPartyClientToServerEvents,
  type WatchPartyControlAction,
  type WatchPartyServerToClientEvents,
} from '@portal/contracts';
import {
  watchPartyChatSchema,
  watchPartyEpisodeSchema,
  watchPartyJoinSchema,
  watchPartyPlaybackSchema,
  watchPartyTimeSyncSchema,
  watchPartyTracksSchema,
} from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AvatarLookup } from '../../users/avatar-lookup';
import { PresenceReporter, withDeadline } from '../presence-reporter';
import { SanctionLookup } from '@portal/messaging';
import { bannedSocketError } from '../banned-socket';
import { socketUser } from '../visitor-identity';
import { notJoined, parsePayload, toRefusal, unwrap } from './watch-party-refusal';

interface WatchPartySocketData {
  user: { id: string; username: string; avatar: string | null };
  /** The room this socket is in, once the chat service has let it in. */
  roomId?: string;
}

type WatchPartyNamespace = Namespace<WatchPartyClientToServerEvents, WatchPartyServerToClientEvents, Record<string, never>, WatchPartySocketData>;
type WatchPartySocket = Socket<WatchPartyClientToServerEvents, WatchPartyServerToClientEvents, Record<string, never>, WatchPartySocketData>;
type ClientEvent = keyof WatchPartyClientToServerEvents;

/** A stopping gateway waits this long at most for the chat service to take its sockets out of their rooms. */
const GOODBYE_MS = 1000;

/**
 * The `/watch-party` namespace (websocket only, signed-in users only): the socket edge of the rooms
 * the chat service owns. Handlers validate the payload, forward it to the chat service with the
 * socket's user, socket id and this gateway's id, and tell the socket its answer; a refused or
 * malformed event is answered with an `error` event and changes nothing. The chat service pushes
 * every change to the room's sockets on all gateways (socket.io room `watch-party:<roomId>`).
 * Events of one socket are forwarded one after another, in the order they arrived.
 */
@WebSocketGateway({ namespace: WATCH_PARTY_NAMESPACE })
export class WatchPartyGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, BeforeApplicationShutdown {
  private readonly queues = new WeakMap<WatchPartySocket, Promise<void>>();
  /** This gateway's sockets in rooms, to put them back if the chat service took this gateway for dead. */
  private readonly inRooms = new Map<string, WatchPartySocket>();
  private closing = false;

  constructor(
    private readonly rpc: RpcClient,
    private readonly sanctions: SanctionLookup,
    private readonly presence: PresenceReporter,
    private readonly jwt: JwtService,
    private readonly avatars: AvatarLookup,
  ) {}

  afterInit(namespace: WatchPartyNamespace) {
    namespace.use((socket, next) => {
      if (socket.conn.transport.name !== 'websocket') return next(new Error('websocket only'));
      void socketUser(socket, this.jwt).then(async (user) => {
        if (!user) return next(Object.assign(new Error(WATCH_PARTY_MESSAGES.signInRequired), { data: { code: 'UNAUTHORIZED' } }));
        const refused = await bannedSocketError(this.sanctions, user.id);
        if (refused) return next(refused);
        socket.data.user = { ...user, avatar: await this.avatars.of(user.username) };
        next();
      });
    });
    // Its reports had expired (Redis or the chat service away too long): its sockets were taken out of their rooms.
    this.presence.onForgotten(() => {
      for (const socket of this.inRooms.values()) {
        const roomId = socket.data.roomId;
        if (roomId) void this.enqueue(socket, () => this.join(socket, roomId).catch(() => undefined));
      }
    });
  }

  handleConnection(socket: WatchPartySocket) {
    // A ban kicks the user's sockets through this room (docs/moderation.md, «Enforcement»).
    void socket.join(sanctionSocketRoom(socket.data.user.id));
    this.on(socket, 'join', (payload) => this.join(socket, parsePayload(watchPartyJoinSchema, payload).roomId));
    this.on(socket, 'leave', () => this.leave(socket));
    for (const kind of ['play', 'pause', 'seek'] as const) {
      this.on(socket, kind, (payload) => this.control(socket, { kind, ...parsePayload(watchPartyPlaybackSchema, payload) }));
    }
    this.on(socket, 'episode', (payload) => this.control(socket, { kind: 'episode', ...parsePayload(watchPartyEpisodeSchema, payload) }));
    this.on(socket, 'tracks', (payload) => this.control(socket, { kind: 'tracks', ...parsePayload(watchPartyTracksSchema, payload) }));
    this.on(socket, 'chat', async (payload) => {
      const { text } = parsePayload(watchPartyChatSchema, payload);
      const roomId = joinedRoom(socket);
      await this.sanctions.assertMayWrite(socket.data.user.id, true);
      unwrap(await this.rpc.send('chat.watch-party.chat', { roomId, text, avatar: socket.data.user.avatar }, metaOf(socket)));
    });
    // Answered at once, outside the queue: waiting behind other events would spoil the round-trip sample.
    socket.on('time-sync', (payload: unknown) => {
      const serverReceivedAt = Date.now();
      try {
        const { clientSentAt } = parsePayload(watchPartyTimeSyncSchema, payload);
        socket.emit('time-sync', { clientSentAt, serverReceivedAt, serverSentAt: Date.now() });
      } catch (error) {
        socket.emit('error', toRefusal(error).toPayload('time-sync'));
      }
    });
  }

  async handleDisconnect(socket: WatchPartySocket) {
    await this.enqueue(socket, () => this.disconnected(socket));
  }

  /** Stopping cleanly: the chat service takes this gateway's sockets out of their rooms (the hosts' grace periods start). */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    await withDeadline(this.rpc.send('chat.watch-party.drop-gateway', { gatewayId: this.presence.gatewayId }, { requestId: randomUUID() }), GOODBYE_MS);
  }

  private async join(socket: WatchPartySocket, roomId: string): Promise<void> {
    if (socket.data.roomId && socket.data.roomId !== roomId) await this.disconnected(socket);
    // In the room's channel before the join is applied, so no change pushed after it is missed.
    await socket.join(watchPartyRoom(roomId));
    let joined;
    try {
      joined = unwrap(
        await this.rpc.send(
          'chat.watch-party.join',
          { roomId, gatewayId: this.presence.gatewayId, socketId: socket.id, avatar: socket.data.user.avatar },
          metaOf(socket),
        ),
      );
    } catch (error) {
      if (socket.data.roomId !== roomId) void socket.leave(watchPartyRoom(roomId));
      throw error;
    }
    if (socket.disconnected) {
      // It went away while joining: its disconnect found nothing to remove, so remove it now.
      await this.rpc.send('chat.watch-party.disconnect', { roomId, socketId: socket.id }, metaOf(socket));
      return;
    }
    socket.data.roomId = roomId;
    this.inRooms.set(socket.id, socket);
    socket.emit('chat-history', joined.history);
    // The push of the join may reach the socket first or not at all: it gets the state at once.
    socket.emit('state', joined.state);
  }

  private async leave(socket: WatchPartySocket): Promise<void> {
    const roomId = joinedRoom(socket);
    this.forget(socket, roomId);
    unwrap(await this.rpc.send('chat.watch-party.leave', { roomId }, metaOf(socket)));
  }

  private async control(socket: WatchPartySocket, action: WatchPartyControlAction): Promise<void> {
    const roomId = joinedRoom(socket);
    unwrap(await this.rpc.send('chat.watch-party.control', { roomId, action }, metaOf(socket)));
  }

  private async disconnected(socket: WatchPartySocket): Promise<void> {
    const roomId = socket.data.roomId;
    if (!roomId || this.closing) return;
    this.forget(socket, roomId);
    await this.rpc.send('chat.watch-party.disconnect', { roomId, socketId: socket.id }, metaOf(socket)).catch(() => undefined);
  }

  private forget(socket: WatchPartySocket, roomId: string): void {
    this.inRooms.delete(socket.id);
    socket.data.roomId = undefined;
    void socket.leave(watchPartyRoom(roomId));
  }

  private on(socket: WatchPartySocket, event: Exclude<ClientEvent, 'time-sync'>, handle: (payload: unknown) => Promise<void>): void {
    socket.on(
      event,
      (payload?: unknown) =>
        void this.enqueue(socket, async () => {
          try {
            await handle(payload);
          } catch (error) {
            socket.emit('error', toRefusal(error).toPayload(event));
          }
        }),
    );
  }

  private enqueue(socket: WatchPartySocket, task: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(socket) ?? Promise.resolve()).then(task).catch(() => undefined);
    this.queues.set(socket, next);
    return next;
  }
}

function joinedRoom(socket: WatchPartySocket): string {
  const roomId = socket.data.roomId;
  if (!roomId) throw notJoined();
  return roomId;
}

/** The member is the socket's verified user: the chat service takes it from here, never from a payload. */
const metaOf = (socket: WatchPartySocket): RpcMeta => ({ requestId: randomUUID(), user: { id: socket.data.user.id, username: socket.data.user.username } });
