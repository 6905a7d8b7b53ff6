import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  type AuthenticatedUser,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_NAMESPACE,
  notificationsRoom,
  type NotificationsClientToServerEvents,
  type NotificationsServerToClientEvents,
} from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { SanctionLookup } from '@portal/messaging';
import { bannedSocketError } from './banned-socket';
import { socketUser } from './visitor-identity';

interface NotificationsSocketData {
  user: AuthenticatedUser;
}

type NotificationsNamespace = Namespace<NotificationsClientToServerEvents, NotificationsServerToClientEvents, Record<string, never>, NotificationsSocketData>;
type NotificationsSocket = Socket<NotificationsClientToServerEvents, NotificationsServerToClientEvents, Record<string, never>, NotificationsSocketData>;

/**
 * The `/notifications` namespace (websocket only, signed-in users only): it only listens. Each socket
 * is in its user's room `user:<id>`; the community service pushes `notification:new` and
 * `notification:unread` to that room through the Redis adapter, so every tab of the user on any
 * replica gets them. On connect the socket is told the current unread count.
 */
@WebSocketGateway({ namespace: NOTIFICATIONS_NAMESPACE })
export class NotificationsGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(NotificationsGateway.name);

  constructor(
    private readonly jwt: JwtService,
    private readonly rpc: RpcClient,
    private readonly sanctions: SanctionLookup,
  ) {}

  afterInit(namespace: NotificationsNamespace) {
    namespace.use((socket, next) => {
      if (socket.conn.transport.name !== 'websocket') return next(new Error('websocket only'));
      void socketUser(socket, this.jwt).then(async (user) => {
        if (!user) return next(Object.assign(new Error(NOTIFICATION_MESSAGES.signInRequired), { data: { code: 'UNAUTHORIZED' } }));
        const refused = await bannedSocketError(this.sanctions, user.id);
        if (refused) return next(refused);
        socket.data.user = user;
        next();
      });
    });
  }

  async handleConnection(socket: NotificationsSocket) {
    const { user } = socket.data;
    // Joined before the count is asked, so nothing pushed meanwhile is missed.
    await socket.join(notificationsRoom(user.id));
    try {
      const { unread } = await this.rpc.send('community.notifications.unread-count', {}, { requestId: randomUUID(), user });
      if (socket.connected) socket.emit('notification:unread', { unread });
    } catch (error) {
      // The community is down: the live pushes still arrive once it is back, and the page asks again.
      this.logger.warn(`unread count on connect failed: ${String(error)}`);
    }
  }
}
