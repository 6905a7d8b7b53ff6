import { JwtService } from '@nestjs/jwt';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { GeneralClientToServerEvents, GeneralServerToClientEvents, OnlineStats, PresenceVisitor } from '@portal/contracts';
import { PresenceReporter, type PresenceReport } from './presence-reporter';
import { socketUser, visitorOf } from './visitor-identity';

type GeneralServer = Server<GeneralClientToServerEvents, GeneralServerToClientEvents>;

/** The connections that have had their first `online-stats`; later counts are broadcast to them. */
const COUNTED_ROOM = 'presence:counted';

interface Registration {
  visitor: PresenceVisitor;
  /** The arrival's generation: the reports from it on count the connection. */
  generation: number;
}

/**
 * The general connection: presence and `online-stats` (websocket, then long-polling). The gateway
 * says who a connection is (token, user agent, browser id) and tells it the numbers the chat service
 * answers; the counting is the chat service's (PresenceReporter).
 */
@WebSocketGateway()
export class GeneralGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  @WebSocketServer() private server!: GeneralServer;

  constructor(
    private readonly presence: PresenceReporter,
    private readonly jwt: JwtService,
  ) {}

  afterInit() {
    // Every gateway is answered the same counts, so each tells only its own clients, and only those
    // its counts already hold: a report sent before a connection arrived would leave it out.
    this.presence.onReport((report) => this.reported(report));
    this.presence.start();
  }

  /** Each connection's registration (its token checked): answers wait for it, so they count the connection. */
  private readonly registered = new WeakMap<Socket, Promise<Registration | undefined>>();
  /** Connections not yet in the reported counts: their arrival's generation and the counts they were told (JSON). */
  private readonly awaitingReport = new Map<Socket, { generation: number; told: string | null }>();

  handleConnection(socket: Socket) {
    const registration = this.register(socket);
    this.registered.set(socket, registration);
    return registration.then(async (registered) => {
      if (!registered) return;
      const stats = await this.presence.statsFor(registered.visitor).catch(() => null);
      if (!socket.connected) return;
      if (stats) socket.emit('online-stats', stats);
      // Admitted to the broadcasts only after its first answer, so no older count can follow it.
      this.awaitingReport.set(socket, { generation: registered.generation, told: stats && JSON.stringify(stats) });
    });
  }

  handleDisconnect(socket: Socket) {
    this.awaitingReport.delete(socket);
    this.presence.disconnected(socket.id);
  }

  /** Kept for the client of SPEC.md section 7 (sent on every connect); identity comes from the token, never from this name. */
  @SubscribeMessage('set-username')
  async setUsername(socket: Socket) {
    const registered = await this.registered.get(socket);
    if (!registered) return;
    const stats = await this.statsFor(socket, registered.visitor);
    if (stats && socket.connected) socket.emit('online-stats', stats);
  }

  /** Counts that hold the connection: the last report's once it is counted, else the chat service's answer for it. */
  private async statsFor(socket: Socket, visitor: PresenceVisitor): Promise<OnlineStats | null> {
    const current = this.presence.current;
    if (current && socket.rooms.has(COUNTED_ROOM)) return current;
    return this.presence.statsFor(visitor).catch(() => null);
  }

  private reported({ generation, stats, changed }: PresenceReport) {
    for (const [socket, arrival] of this.awaitingReport) {
      if (arrival.generation > generation) continue;
      this.awaitingReport.delete(socket);
      void socket.join(COUNTED_ROOM);
      // Its first answer came from older counts (or failed): it is told these, which hold it, unless the broadcast does.
      if (!changed && arrival.told !== JSON.stringify(stats)) socket.emit('online-stats', stats);
    }
    if (changed) this.server.local.to(COUNTED_ROOM).emit('online-stats', stats);
  }

  /** The registration, or nothing when the connection left while its token was checked. */
  private async register(socket: Socket): Promise<Registration | undefined> {
    const visitor = visitorOf(socket, await socketUser(socket, this.jwt));
    // Gone while its token was checked: counting it now would keep it online for good.
    return socket.connected ? { visitor, generation: this.presence.connected(socket.id, visitor) } : undefined;
  }
}
