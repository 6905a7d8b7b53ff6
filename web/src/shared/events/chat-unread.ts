import { useSyncExternalStore } from 'react';

/** The chat's unread count, published by the chat widget for other parts of the page (the phone bottom bar). */
let unread = 0;
const listeners = new Set<() => void>();

export function publishChatUnread(count: number): void {
  if (count === unread) return;
  unread = count;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useChatUnread = (): number => useSyncExternalStore(subscribe, () => unread);

export const CHAT_BADGE_MAX = 99;
export const chatBadgeText = (count: number): string => (count > CHAT_BADGE_MAX ? `${CHAT_BADGE_MAX}+` : String(count));
