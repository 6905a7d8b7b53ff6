import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChatMessage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';
import { CHAT_PAGE_SIZE, CHAT_QUERY_CACHE } from '../lib/chat-constants';
import { withNewMessage, withoutMessage, type ChatMessagesData, type ChatMessagesPage } from '../lib/messages-cache';

export const chatKeys = {
  messages: ['chat', 'messages'] as const,
};

const chat = operationsOf('chat');

// Plain calls --------------------------------------------------------------------------------

/** The newest page, or the page before `before` (a previous `nextCursor`). */
export function fetchChatMessages(before: string | null, signal?: AbortSignal): Promise<ChatMessagesPage> {
  return chat.list({ limit: CHAT_PAGE_SIZE, before: before ?? undefined }, { signal });
}

/** POST /api/chat/messages (the gateway's own route: it adds the avatar); the message is sent trimmed. */
export function postChatMessage(message: string): Promise<ChatMessage> {
  return apiRequest<ChatMessage>('/chat/messages', { method: 'POST', body: { message: message.trim() } });
}

/** Admins. */
export function deleteChatMessage(id: string): Promise<{ id: string; deleted: true }> {
  return chat.delete({ id });
}

// Query options and hooks --------------------------------------------------------------------

export function chatMessagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages,
    queryFn: ({ pageParam, signal }) => fetchChatMessages(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ChatMessagesPage) => page.nextCursor,
    ...CHAT_QUERY_CACHE,
  });
}

/**
 * The loaded pages. Never fetched on its own: the widget loads on open and on every socket
 * connect (SPEC.md section 7), and older pages on request.
 */
export function useChatMessages() {
  return useInfiniteQuery({ ...chatMessagesQueryOptions(), enabled: false });
}

/** Cache updates shared by the socket events and the mutations. */
export function useChatCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      add: (message: ChatMessage) => queryClient.setQueryData<ChatMessagesData>(chatKeys.messages, (data) => withNewMessage(data, message)),
      remove: (id: string) => queryClient.setQueryData<ChatMessagesData>(chatKeys.messages, (data) => withoutMessage(data, id)),
    }),
    [queryClient],
  );
}

export function useSendChatMessage() {
  const cache = useChatCache();
  return useMutation({ mutationFn: postChatMessage, retry: false, onSuccess: (message) => cache.add(message) });
}

export function useDeleteChatMessage() {
  const cache = useChatCache();
  return useMutation({ mutationFn: deleteChatMessage, retry: false, onSuccess: ({ id }) => cache.remove(id) });
}
