import { useSyncExternalStore } from 'react';
import type { SanctionNotice } from '@portal/contracts';

/**
 * The signed-in user's full ban, as the API said it (USER_BANNED with its `sanction`): any answer may
 * tell it, and the app shows the banned screen instead of the signed-in features (docs/moderation.md).
 */
let current: SanctionNotice | null = null;
const listeners = new Set<() => void>();

export function publishAccountBanned(notice: SanctionNotice | null): void {
  if (notice === current || (notice && current && notice.reason === current.reason && notice.until === current.until)) return;
  current = notice;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAccountBanned = (): SanctionNotice | null => useSyncExternalStore(subscribe, () => current);
