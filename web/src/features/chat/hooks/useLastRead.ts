import { useSyncExternalStore } from 'react';
import { lastReadStore } from '../lib/last-read-store';

/** The stored last-read message id. */
export function useLastRead(): string | null {
  return useSyncExternalStore(lastReadStore.subscribe, lastReadStore.get, () => null);
}
