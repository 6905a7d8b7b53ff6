import { JwtService } from '@nestjs/jwt';
import { type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { GeneralClientToServerEvents, GeneralServerToClientEvents } from '@portal/contracts';
import { PresenceService } from './presence.service';
import { socketUser, visitorOf } from './visitor-identity';

type GeneralServer = Server<GeneralClientToServerEvents, GeneralServerToClientEvents>;

/** The general connection: presence and `online-stats` (websocket, then long-polling). */
@WebSocketGateway()
export class GeneralGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  @WebSocketServer() private server!: GeneralServer;

  constructor(
    private readonly presence: PresenceService,
    private readonly jwt: JwtService,
  ) {}

  afterInit() {
    // Every replica computes the same counts from Redis, so each tells only its own clients.
    this.presence.onChange((stats) => this.server.local.emit('online-stats', stats));
    this.presence.start();
  }

  async handleConnection(socket: Socket) {
    this.presence.connected(socket.id, visitorOf(socket, await socketUser(socket, this.jwt)));
    socket.emit('online-stats', this.presence.current);
  }

  handleDisconnect(socket: Socket) {
    this.presence.disconnected(socket.id);
  }

  /** Kept for the client of SPEC.md section 7; identity comes from the token, never from this name. */
  @SubscribeMessage('set-username')
  setUsername(socket: Socket) {
    socket.emit('online-stats', this.presence.current);
  }
}
