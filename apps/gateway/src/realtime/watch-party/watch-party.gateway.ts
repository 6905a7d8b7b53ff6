import { JwtService } from '@nestjs/jwt';
import { type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { WATCH_PARTY_MESSAGES, WATCH_PARTY_NAMESPACE, WatchPartyErrorCode, type WatchPartyClientToServerEvents } from '@portal/contracts';
import { socketUser } from '../visitor-identity';
import { AvatarLookup } from '../../users/avatar-lookup';
import { WatchPartyError } from './watch-party.errors';
import { chatSchema, episodeSchema, joinSchema, parsePayload, playbackSchema, timeSyncSchema } from './watch-party.schemas';
import { WatchPartyService, type WatchPartyNamespace, type WatchPartySocket } from './watch-party.service';

type ClientEvent = keyof WatchPartyClientToServerEvents;

/**
 * The `/watch-party` namespace (websocket only, signed-in users only). Handlers validate the payload
 * and delegate; a refused or malformed event is answered with an `error` event and changes nothing.
 * Events of one socket are handled one after another, in the order they arrived.
 */
@WebSocketGateway({ namespace: WATCH_PARTY_NAMESPACE })
export class WatchPartyGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly queues = new WeakMap<WatchPartySocket, Promise<void>>();

  constructor(
    private readonly parties: WatchPartyService,
    private readonly jwt: JwtService,
    private readonly avatars: AvatarLookup,
  ) {}

  afterInit(namespace: WatchPartyNamespace) {
    namespace.use((socket, next) => {
      if (socket.conn.transport.name !== 'websocket') return next(new Error('websocket only'));
      void socketUser(socket, this.jwt).then(async (user) => {
        if (!user) return next(Object.assign(new Error(WATCH_PARTY_MESSAGES.signInRequired), { data: { code: 'UNAUTHORIZED' } }));
        socket.data.user = { userId: user.id, username: user.username, avatar: await this.avatars.of(user.username) };
        next();
      });
    });
    this.parties.attach(namespace);
  }

  handleConnection(socket: WatchPartySocket) {
    this.on(socket, 'join', async (payload) => this.parties.join(socket, parsePayload(joinSchema, payload).roomId));
    this.on(socket, 'leave', async () => this.parties.leave(socket));
    for (const kind of ['play', 'pause', 'seek'] as const) {
      this.on(socket, kind, async (payload) => this.parties.control(socket, { kind, ...parsePayload(playbackSchema, payload) }));
    }
    this.on(socket, 'episode', async (payload) => this.parties.control(socket, { kind: 'episode', ...parsePayload(episodeSchema, payload) }));
    this.on(socket, 'chat', async (payload) => this.parties.chat(socket, parsePayload(chatSchema, payload).text));
    // Answered at once, outside the queue: waiting behind other events would spoil the round-trip sample.
    socket.on('time-sync', (payload: unknown) => {
      const serverReceivedAt = Date.now();
      try {
        const { clientSentAt } = parsePayload(timeSyncSchema, payload);
        socket.emit('time-sync', { clientSentAt, serverReceivedAt, serverSentAt: Date.now() });
      } catch (error) {
        socket.emit('error', toWatchPartyError(error).toPayload('time-sync'));
      }
    });
  }

  async handleDisconnect(socket: WatchPartySocket) {
    await this.enqueue(socket, () => this.parties.disconnected(socket));
  }

  private on(socket: WatchPartySocket, event: Exclude<ClientEvent, 'time-sync'>, handle: (payload: unknown) => Promise<void>): void {
    const listener = (payload: unknown) =>
      void this.enqueue(socket, async () => {
        try {
          await handle(payload);
        } catch (error) {
          socket.emit('error', toWatchPartyError(error).toPayload(event));
        }
      });
    socket.on(event, listener as never);
  }

  private enqueue(socket: WatchPartySocket, task: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(socket) ?? Promise.resolve()).then(task).catch(() => undefined);
    this.queues.set(socket, next);
    return next;
  }
}

function toWatchPartyError(error: unknown): WatchPartyError {
  if (error instanceof WatchPartyError) return error;
  return new WatchPartyError(WatchPartyErrorCode.Unavailable, WATCH_PARTY_MESSAGES.unavailable);
}
