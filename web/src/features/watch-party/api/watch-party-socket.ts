import { createContext } from 'react';
import { openNamespaceSocket } from '../../../shared/api/namespace-socket';
import { WATCH_PARTY_NAMESPACE, type WatchPartyClientToServerEvents, type WatchPartyServerToClientEvents } from '@portal/contracts';

/** The slice of a socket.io client socket the room uses; stories and tests pass a fake one. */
export interface PartySocket {
  on<E extends keyof WatchPartyServerToClientEvents>(event: E, listener: WatchPartyServerToClientEvents[E]): void;
  on(event: 'connect' | 'disconnect', listener: () => void): void;
  on(event: 'connect_error', listener: (error: Error) => void): void;
  emit<E extends keyof WatchPartyClientToServerEvents>(event: E, ...args: Parameters<WatchPartyClientToServerEvents[E]>): void;
  disconnect(): void;
}

export type PartySocketConnector = (token: string) => Promise<PartySocket>;

/**
 * Opens `/watch-party` (websocket only, the token as auth). It reconnects without limit (1 s, up to
 * 5 s apart): a member whose network blinks comes back into the room at the host's position.
 */
export const connectPartySocket: PartySocketConnector = (token) => openNamespaceSocket(WATCH_PARTY_NAMESPACE, token);

/** Which connector the room uses: the real one, unless a story or test provides another. */
export const PartySocketContext = createContext<PartySocketConnector>(connectPartySocket);
