import type { AnimeDetails } from '@portal/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { commentsQuery, linkedCommentQuery } from '../api/comments-api';
import { useCommentsLive } from '../hooks/useCommentsLive';
import { HighlightedCommentContext, useScrollToComment } from '../hooks/useScrollToComment';
import { commentIdFromHash } from '../lib/comment-links';
import { findComment } from '../lib/comment-tree';
import { CommentsSection } from './CommentsSection';
import { LinkedComment } from './LinkedComment';

/**
 * The anime page's comments: the form, the threads newest first with their replies, «Показать ещё», live
 * additions. A `#comment-<id>` link scrolls to its comment once shown (read on its own into «Комментарий
 * по ссылке» when the loaded pages do not hold it) and highlights it for a moment.
 */
export function AnimeComments({ anime }: { anime: AnimeDetails }) {
  const target = { type: 'anime', id: anime.id } as const;
  const comments = useInfiniteQuery(commentsQuery(target));
  useCommentsLive(anime.id);
  const episodes = anime.episodes || null;

  const hashCommentId = commentIdFromHash(useLocation().hash);
  const inList = hashCommentId !== null && findComment(comments.data, hashCommentId) !== null;
  const linkedId = hashCommentId !== null && comments.data !== undefined && !inList ? hashCommentId : null;
  const linked = useQuery({ ...linkedCommentQuery(anime.id, linkedId ?? ''), enabled: linkedId !== null });
  const linkedShown = linkedId !== null && Boolean(linked.data?.pages[0]?.items.length);
  const highlighted = useScrollToComment(hashCommentId, inList || linkedShown);

  return (
    <HighlightedCommentContext.Provider value={highlighted}>
      <CommentsSection target={target} comments={comments} episodes={episodes}>
        {linkedId !== null ? <LinkedComment linked={linked} target={target} episodes={episodes} /> : null}
      </CommentsSection>
    </HighlightedCommentContext.Provider>
  );
}

export default AnimeComments;
