import type { ChatMessage } from '@portal/contracts';

/** The marker to store when the chat is seen: the newest message's id, or null (cleared) with none. */
export function lastReadMarker(messages: readonly ChatMessage[]): string | null {
  return messages[messages.length - 1]?.id ?? null;
}

/**
 * Unread = non-system messages after the last-read one; all non-system messages when there is no
 * marker or it is not among the loaded messages (SPEC.md section 4, "Chat"). Zero while open.
 */
export function countUnread(messages: readonly ChatMessage[], lastReadId: string | null, open = false): number {
  if (open) return 0;
  const markerIndex = lastReadId === null ? -1 : messages.findIndex((message) => message.id === lastReadId);
  return messages.slice(markerIndex + 1).filter((message) => !message.isSystem).length;
}
