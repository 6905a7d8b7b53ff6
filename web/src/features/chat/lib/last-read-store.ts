import { CHAT_LAST_READ_KEY } from './chat-constants';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The last-read message id in local storage, readable through useSyncExternalStore. */
export const lastReadStore = {
  get(): string | null {
    return storage()?.getItem(CHAT_LAST_READ_KEY) ?? null;
  },
  /** Stores the marker; null clears it. */
  set(id: string | null): void {
    if (id === lastReadStore.get()) return;
    try {
      if (id === null) storage()?.removeItem(CHAT_LAST_READ_KEY);
      else storage()?.setItem(CHAT_LAST_READ_KEY, id);
    } catch {
      // Storage full or blocked: the count is then simply not remembered.
    }
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
