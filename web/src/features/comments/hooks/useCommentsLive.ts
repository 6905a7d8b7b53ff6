import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { commentsKeys } from '../api/comments-api';
import { CommentsSocketContext } from '../api/comments-socket';
import { insertComment, type CommentPages } from '../lib/comment-tree';
import { applyCommentDeleted, applyCommentLikes, applyCommentUpdated } from '../lib/live-changes';

/**
 * While the block is shown: the `/comments` socket, subscribed to the title's room (again after every
 * reconnect, since rooms do not survive one); each `comment:new` goes into the cached pages once, and
 * `comment:updated`, `comment:deleted` and `comment:likes` change the comments already loaded (the
 * list's pages and any opened from a link). Unsubscribes and closes on unmount.
 */
export function useCommentsLive(animeId: number): void {
  const connect = useContext(CommentsSocketContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = commentsKeys.ofTarget({ type: 'anime', id: animeId });
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
          queryClient.setQueryData<CommentPages>(key, (pages) => insertComment(pages, comment));
        });
        const applyToLoaded = (change: (pages: CommentPages) => CommentPages) => {
          const apply = (pages: CommentPages | undefined) => (pages ? change(pages) : pages);
          queryClient.setQueryData<CommentPages>(key, apply);
          queryClient.setQueriesData<CommentPages>({ queryKey: commentsKeys.linkedOf(animeId) }, apply);
        };
        socket.on('comment:updated', (comment) => {
          if (comment.animeId === animeId) applyToLoaded((pages) => applyCommentUpdated(pages, comment));
        });
        socket.on('comment:deleted', (deleted) => {
          if (deleted.animeId === animeId) applyToLoaded((pages) => applyCommentDeleted(pages, deleted));
        });
        socket.on('comment:likes', (likes) => {
          if (likes.animeId === animeId) applyToLoaded((pages) => applyCommentLikes(pages, likes));
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
