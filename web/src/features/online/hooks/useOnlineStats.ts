import { useSyncExternalStore } from 'react';
import type { OnlineStats } from '@portal/contracts';
import { realtimeStore } from '../../../shared/api/general-socket';

/** The latest `online-stats` push of the general socket; null until the first one arrives. */
export function useOnlineStats(): OnlineStats | null {
  return useSyncExternalStore(realtimeStore.subscribe, () => realtimeStore.getSnapshot().stats);
}
