import { JwtService } from '@nestjs/jwt';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import { type AuthenticatedUser, CHAT_NAMESPACE, sanctionSocketRoom } from '@portal/contracts';
import { SanctionLookup } from '@portal/messaging';
import { bannedSocketError } from './banned-socket';
import { socketUser } from './visitor-identity';

/**
 * The chat connection: it only listens. Messages are posted over HTTP, stored by the chat service,
 * and pushed to this namespace through the Redis adapter, so a client on any replica receives them.
 * Anonymous readers may connect too; writing needs a token at POST /api/chat/messages. A signed-in
 * socket joins `user:<id>`, the room a full ban kicks; a banned user cannot connect with a token.
 */
@WebSocketGateway({ namespace: CHAT_NAMESPACE })
export class ChatGateway implements OnGatewayInit, OnGatewayConnection {
  constructor(
    private readonly jwt: JwtService,
    private readonly sanctions: SanctionLookup,
  ) {}

  /** Transports are chosen per server, so the namespace turns long-polling away itself. */
  afterInit(namespace: Namespace) {
    namespace.use((socket, next) => {
      if (socket.conn.transport.name !== 'websocket') return next(new Error('websocket only'));
      void socketUser(socket, this.jwt)
        .then(async (user) => {
          if (user) {
            const refused = await bannedSocketError(this.sanctions, user.id);
            if (refused) return next(refused);
            (socket.data as { user?: AuthenticatedUser }).user = user;
          }
          next();
        })
        .catch((error: unknown) => next(error instanceof Error ? error : new Error(String(error))));
    });
  }

  async handleConnection(socket: Socket) {
    const user = (socket.data as { user?: AuthenticatedUser }).user;
    if (user) await socket.join(sanctionSocketRoom(user.id));
  }
}
