import { type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Namespace } from 'socket.io';
import { CHAT_NAMESPACE } from '@portal/contracts';

/**
 * The chat connection: it only listens. Messages are posted over HTTP, stored by the chat service,
 * and pushed to this namespace through the Redis adapter, so a client on any replica receives them.
 * Anonymous readers may connect too; writing needs a token at POST /api/chat/messages.
 */
@WebSocketGateway({ namespace: CHAT_NAMESPACE })
export class ChatGateway implements OnGatewayInit {
  /** Transports are chosen per server, so the namespace turns long-polling away itself. */
  afterInit(namespace: Namespace) {
    namespace.use((socket, next) => next(socket.conn.transport.name === 'websocket' ? undefined : new Error('websocket only')));
  }
}
