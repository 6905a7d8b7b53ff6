import type { CardGranted, RankChanged } from '@portal/contracts';
import type { RewardsSocket, RewardsSocketConnector } from '../../../web/src/features/rewards/api/rewards-socket';

type Listeners = { 'reward:card': Array<(payload: CardGranted) => void>; 'reward:rank': Array<(payload: RankChanged) => void> };

/** A fake `/notifications` socket for the rewards: the story pushes what the server would. */
export function fakeRewardsSocket() {
  const listeners: Listeners = { 'reward:card': [], 'reward:rank': [] };
  let connected = false;
  const socket: RewardsSocket = {
    on: ((event: keyof Listeners, listener: never) => {
      (listeners[event] as unknown[]).push(listener);
      connected = true;
    }) as RewardsSocket['on'],
    disconnect: () => {
      connected = false;
    },
  };
  const connect: RewardsSocketConnector = () => Promise.resolve(socket);
  return {
    connect,
    isConnected: () => connected,
    pushCard: (grant: CardGranted) => listeners['reward:card'].forEach((listener) => listener(grant)),
    pushRank: (change: RankChanged) => listeners['reward:rank'].forEach((listener) => listener(change)),
  };
}
