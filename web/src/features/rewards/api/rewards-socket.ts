import { createContext } from 'react';
import { NOTIFICATIONS_NAMESPACE, type CardGranted, type RankChanged } from '@portal/contracts';
import { leaseNamespaceSocket } from '../../../shared/api/shared-namespace-socket';

/** The slice of the `/notifications` socket the rewards use; stories and tests pass a fake one. */
export interface RewardsSocket {
  on(event: 'reward:card', listener: (payload: CardGranted) => void): void;
  on(event: 'reward:rank', listener: (payload: RankChanged) => void): void;
  disconnect(): void;
}

export type RewardsSocketConnector = (token: string) => Promise<RewardsSocket>;

/** The rewards service pushes `reward:card` and `reward:rank` to the user's room of `/notifications`. */
export const connectRewardsSocket: RewardsSocketConnector = (token) => leaseNamespaceSocket(NOTIFICATIONS_NAMESPACE, token);

export const RewardsSocketContext = createContext<RewardsSocketConnector>(connectRewardsSocket);
