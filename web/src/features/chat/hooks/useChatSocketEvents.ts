import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys, useChatCache } from '../api/chat-api';
import { chatSocketStore, type ChatSocketEvent } from '../api/chat-socket';

/**
 * `newMessage` appends (each id once), `messageDeleted` removes, in the cached pages. An event that
 * arrives while a GET is under way is applied again to its answer, which may predate it.
 */
export function useChatSocketEvents(): void {
  const cache = useChatCache();
  const queryClient = useQueryClient();

  useEffect(() => {
    const replay: ChatSocketEvent[] = [];
    const apply = (event: ChatSocketEvent) => (event.type === 'newMessage' ? cache.add(event.message) : cache.remove(event.id));
    const stopEvents = chatSocketStore.onEvent((event) => {
      apply(event);
      if (queryClient.isFetching({ queryKey: chatKeys.messages }) > 0) replay.push(event);
    });
    const stopCache = queryClient.getQueryCache().subscribe((change) => {
      if (change.type !== 'updated' || replay.length === 0 || change.query.queryHash !== JSON.stringify(chatKeys.messages)) return;
      const { action } = change;
      if (action.type === 'error') replay.length = 0;
      else if (action.type === 'success' && !action.manual) replay.splice(0).forEach(apply);
    });
    return () => {
      stopEvents();
      stopCache();
    };
  }, [cache, queryClient]);
}
