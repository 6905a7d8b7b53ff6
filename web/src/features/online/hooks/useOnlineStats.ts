import { useSyncExternalStore } from 'react';
import { realtimeStore } from '../../../shared/api/general-socket';
import type { OnlineStats } from '../../../shared/api/realtime-events';

/** The latest `online-stats` push of the general socket; null until the first one arrives. */
export function useOnlineStats(): OnlineStats | null {
  return useSyncExternalStore(realtimeStore.subscribe, () => realtimeStore.getSnapshot().stats);
}
