import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { commentsKeys } from '../api/comments-api';
import { CommentsSocketContext } from '../api/comments-socket';
import { insertComment, type CommentPages } from '../lib/comment-tree';

/**
 * While the block is shown: the `/comments` socket, subscribed to the title's room (again after every
 * reconnect, since rooms do not survive one); each `comment:new` goes into the cached pages once.
 * Unsubscribes and closes on unmount.
 */
export function useCommentsLive(animeId: number): void {
  const connect = useContext(CommentsSocketContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    let close: (() => void) | null = null;
    void connect()
      .then((socket) => {
        if (cancelled) {
          socket.disconnect();
          return;
        }
        socket.on('connect', () => socket.emit('subscribe', { animeId }));
        socket.on('comment:new', (comment) => {
          if (comment.animeId !== animeId) return;
          queryClient.setQueryData<CommentPages>(commentsKeys.anime(animeId), (pages) => insertComment(pages, comment));
        });
        close = () => {
          socket.emit('unsubscribe', { animeId });
          socket.disconnect();
        };
      })
      // Live updates are a bonus: without the socket the list still works.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      close?.();
    };
  }, [animeId, connect, queryClient]);
}
