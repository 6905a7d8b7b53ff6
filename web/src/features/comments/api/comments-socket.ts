import { createContext } from 'react';
import { openNamespaceSocket } from '../../../shared/api/namespace-socket';
import { COMMENTS_NAMESPACE, type CommentsServerToClientEvents, type CommentsSubscribeAck } from '@portal/contracts';

/** The slice of a socket.io client socket the comments block uses; stories and tests pass a fake one. */
export interface CommentsSocket {
  on<E extends keyof CommentsServerToClientEvents>(event: E, listener: CommentsServerToClientEvents[E]): void;
  on(event: 'connect', listener: () => void): void;
  emit(event: 'subscribe' | 'unsubscribe', payload: { animeId: number }, ack?: (answer: CommentsSubscribeAck) => void): void;
  disconnect(): void;
}

export type CommentsSocketConnector = () => Promise<CommentsSocket>;

/**
 * Opens `/comments` (websocket only, as the chat; guests welcome, so no token).
 */
export const connectCommentsSocket: CommentsSocketConnector = () => openNamespaceSocket(COMMENTS_NAMESPACE);

/** Which connector the block uses: the real one, unless a story or test provides another. */
export const CommentsSocketContext = createContext<CommentsSocketConnector>(connectCommentsSocket);
