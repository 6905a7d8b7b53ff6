import { useSyncExternalStore } from 'react';
import { chatSocketStore, type ChatSocketSnapshot } from '../api/chat-socket';

/** The chat socket's status and connect count. */
export function useChatSocketState(): ChatSocketSnapshot {
  return useSyncExternalStore(chatSocketStore.subscribe, chatSocketStore.getSnapshot);
}
