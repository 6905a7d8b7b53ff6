import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  COMMENT_MESSAGES,
  COMMENTS_NAMESPACE,
  COMMENTS_ROOM_PREFIX,
  COMMENTS_ROOMS_PER_SOCKET,
  commentsRoomOf,
  type CommentsClientToServerEvents,
  type CommentsServerToClientEvents,
  type CommentsSubscribeAck,
} from '@portal/contracts';
import { commentsSubscribeSchema } from '@portal/contracts/schemas';

type CommentsSocket = Socket<CommentsClientToServerEvents, CommentsServerToClientEvents>;

/**
 * Live comments (docs/realtime.md): a viewer of a title subscribes to its room and receives
 * `comment:new`, `comment:updated`, `comment:deleted` and `comment:likes`, pushed by the community
 * service through the Redis adapter, so a client on any replica gets them. It only listens: comments are posted over HTTP. Anonymous viewers may subscribe.
 */
@WebSocketGateway({ namespace: COMMENTS_NAMESPACE })
export class CommentsGateway implements OnGatewayInit, OnGatewayConnection {
  /** Transports are chosen per server, so the namespace turns long-polling away itself. */
  afterInit(namespace: Namespace) {
    namespace.use((socket, next) => next(socket.conn.transport.name === 'websocket' ? undefined : new Error('websocket only')));
  }

  handleConnection(socket: CommentsSocket) {
    socket.on('subscribe', (payload, ack) => {
      const parsed = commentsSubscribeSchema.safeParse(payload);
      if (!parsed.success) return answer(ack, { ok: false, message: COMMENT_MESSAGES.subscribe });
      const room = commentsRoomOf(parsed.data.animeId);
      const joined = [...socket.rooms].filter((name) => name.startsWith(COMMENTS_ROOM_PREFIX));
      if (!socket.rooms.has(room) && joined.length >= COMMENTS_ROOMS_PER_SOCKET) return answer(ack, { ok: false, message: COMMENT_MESSAGES.tooManyRooms });
      void Promise.resolve(socket.join(room)).then(() => answer(ack, { ok: true }));
    });
    socket.on('unsubscribe', (payload, ack) => {
      const parsed = commentsSubscribeSchema.safeParse(payload);
      if (!parsed.success) return answer(ack, { ok: false, message: COMMENT_MESSAGES.subscribe });
      void Promise.resolve(socket.leave(commentsRoomOf(parsed.data.animeId))).then(() => answer(ack, { ok: true }));
    });
  }
}

/** Answers the client's acknowledgement callback, when it sent one (a non-function is ignored). */
function answer(ack: unknown, result: CommentsSubscribeAck): void {
  if (typeof ack === 'function') (ack as (answer: CommentsSubscribeAck) => void)(result);
}
