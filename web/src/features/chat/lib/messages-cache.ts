import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage } from '@portal/contracts';
import type { AnswerOf, CHAT_OPERATIONS } from '@portal/contracts/operations';

/** One GET /api/chat/messages answer: oldest first; `nextCursor` asks for the page before it. */
export type ChatMessagesPage = AnswerOf<typeof CHAT_OPERATIONS.list>;

/** The cached pages: pages[0] is the newest, each further page is older. */
export type ChatMessagesData = InfiniteData<ChatMessagesPage, string | null>;

/** Every loaded message in time order (oldest first), each id once. */
export function flattenMessages(data: Pick<ChatMessagesData, 'pages'> | undefined): ChatMessage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const messages: ChatMessage[] = [];
  for (let index = data.pages.length - 1; index >= 0; index -= 1) {
    for (const message of data.pages[index]?.items ?? []) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

const contains = (data: ChatMessagesData, id: string) => data.pages.some((page) => page.items.some((message) => message.id === id));

/** `newMessage` (or a sent message): appended to the newest page unless its id is already there. */
export function withNewMessage(data: ChatMessagesData | undefined, message: ChatMessage): ChatMessagesData {
  if (!data || data.pages.length === 0) return { pages: [{ items: [message], nextCursor: null }], pageParams: [null] };
  if (contains(data, message.id)) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, items: [...newest!.items, message] }, ...older] };
}

/** `messageDeleted` (or an admin's delete): the message leaves whichever page holds it. */
export function withoutMessage(data: ChatMessagesData | undefined, id: string): ChatMessagesData | undefined {
  if (!data || !contains(data, id)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((message) => message.id !== id) })) };
}
