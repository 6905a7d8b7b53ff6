import { useInfiniteQuery } from '@tanstack/react-query';
import { commentsQuery, type CommentsTarget } from '../api/comments-api';
import { CommentsSection } from './CommentsSection';

/** The comments of a news item or an AMV: the anime comments' block without spoiler moments (neither has episodes). */
export function TargetComments({ target }: { target: Exclude<CommentsTarget, { type: 'anime' }> }) {
  const comments = useInfiniteQuery(commentsQuery(target));
  return <CommentsSection target={target} comments={comments} />;
}
