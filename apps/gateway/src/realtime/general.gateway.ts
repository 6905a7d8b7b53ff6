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
    // those already answered: a connection still being registered would get counts without itself.
    this.presence.onChange((stats) => this.server.local.to(COUNTED_ROOM).emit('online-stats', stats));
    this.presence.start();
  }

  /** Each connection's registration (its token checked): answers wait for it, so they count the connection. */
  private readonly registered = new WeakMap<Socket, Promise<void>>();

  handleConnection(socket: Socket) {
    const registration = this.register(socket);
    this.registered.set(socket, registration);
    return registration.then(() => {
      socket.emit('online-stats', this.presence.statsFor(socket.id));
      void socket.join(COUNTED_ROOM);
    });
  }

  handleDisconnect(socket: Socket) {
    this.presence.disconnected(socket.id);
  }

  /** Kept for the client of SPEC.md section 7 (sent on every connect); identity comes from the token, never from this name. */
  @SubscribeMessage('set-username')
  async setUsername(socket: Socket) {
    await this.registered.get(socket);
    socket.emit('online-stats', this.presence.statsFor(socket.id));
  }

  private async register(socket: Socket): Promise<void> {
    const visitor = visitorOf(socket, await socketUser(socket, this.jwt));
    // Gone while its token was checked: counting it now would keep it online for good.
    if (socket.connected) this.presence.connected(socket.id, visitor);
  }
}
