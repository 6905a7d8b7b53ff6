import { JwtService } from '@nestjs/jwt';
import { type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { GeneralClientToServerEvents, GeneralServerToClientEvents } from '@portal/contracts';
import { PresenceService } from './presence.service';
import { socketUser, visitorOf } from './visitor-identity';

type GeneralServer = Server<GeneralClientToServerEvents, GeneralServerToClientEvents>;

/** The connections that have had their first `online-stats`; later counts are broadcast to them. */
const COUNTED_ROOM = 'presence:counted';

/** The general connection: presence and `online-stats` (websocket, then long-polling). */
@WebSocketGateway()
export class GeneralGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  @WebSocketServer() private server!: GeneralServer;

  constructor(
    private readonly presence: PresenceService,
    private readonly jwt: JwtService,
  ) {}

  afterInit() {
    // Every replica computes the same counts from Redis, so each tells only its own clients, and only
    // those its counts already hold: a recount begun before a connection arrived would leave it out.
    this.presence.onRecount((generation) => this.admitCounted(generation));
    this.presence.onChange((stats) => this.server.local.to(COUNTED_ROOM).emit('online-stats', stats));
    this.presence.start();
  }

  /** Each connection's registration (its token checked): answers wait for it, so they count the connection. */
  private readonly registered = new WeakMap<Socket, Promise<number | undefined>>();
  /** Answered connections not yet in the recounts, with their arrival's generation. */
  private readonly awaitingRecount = new Map<Socket, number>();

  handleConnection(socket: Socket) {
    const registration = this.register(socket);
    this.registered.set(socket, registration);
    return registration.then((generation) => {
      if (generation === undefined) return;
      socket.emit('online-stats', this.presence.statsFor(socket.id));
      this.awaitingRecount.set(socket, generation);
    });
  }

  handleDisconnect(socket: Socket) {
    this.awaitingRecount.delete(socket);
    this.presence.disconnected(socket.id);
  }

  private admitCounted(generation: number) {
    for (const [socket, arrival] of this.awaitingRecount) {
      if (arrival > generation) continue;
      this.awaitingRecount.delete(socket);
      void socket.join(COUNTED_ROOM);
    }
  }

  /** Kept for the client of SPEC.md section 7 (sent on every connect); identity comes from the token, never from this name. */
  @SubscribeMessage('set-username')
  async setUsername(socket: Socket) {
    await this.registered.get(socket);
    socket.emit('online-stats', this.presence.statsFor(socket.id));
  }

  /** The arrival's generation, or nothing when the connection left while its token was checked. */
  private async register(socket: Socket): Promise<number | undefined> {
    const visitor = visitorOf(socket, await socketUser(socket, this.jwt));
    // Gone while its token was checked: counting it now would keep it online for good.
    return socket.connected ? this.presence.connected(socket.id, visitor) : undefined;
  }
}
