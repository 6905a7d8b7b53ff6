import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { ListState } from '../../../shared/ui/ListState';
import { threadRootQuery, type CommentsTarget } from '../api/comments-api';
import { commentAnchorId } from '../lib/comment-links';
import { errorText } from '../lib/comment-errors';
import type { CommentPages } from '../lib/comment-tree';
import { COMMENTS_STRINGS as S } from '../strings';
import { CommentCard } from './CommentCard';

export interface LinkedCommentProps {
  /** `linkedCommentQuery` of the comment the link points at. */
  linked: UseQueryResult<CommentPages, Error>;
  target: CommentsTarget;
  episodes: number | null;
}

/** A link to another title's comment, a malformed id or a comment gone since: the same «not found». */
const missing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * «Комментарий по ссылке», above the threads: the comment a `#comment-<id>` link points at when the
 * loaded pages do not hold it (a reply deep in a thread, an older thread), with the replies under it
 * and, for a reply, a link to its thread (which scrolls there, or opens the thread here in turn).
 */
export function LinkedComment({ linked, target, episodes }: LinkedCommentProps) {
  const titleId = useId();
  const node = linked.data?.pages[0]?.items[0] ?? null;
  const root = useQuery(threadRootQuery(node));

  let body;
  if (linked.isPending) body = <ListState kind="loading" label={S.linkedLoading} />;
  else if (linked.isError && !missing(linked.error))
    body = <ListState kind="error" title={S.linkedErrorTitle} message={errorText(linked.error)} retryLabel={S.retry} onRetry={() => void linked.refetch()} />;
  else if (!node) body = <ListState kind="empty" text={S.linkedNotFound} />;
  else
    body = (
      <>
        <CommentCard comment={node} target={target} episodes={episodes} />
        {root.data && root.data !== node.id ? (
          <Link className="comments__linked-thread" to={{ hash: commentAnchorId(root.data) }}>
            {S.toThread}
          </Link>
        ) : null}
      </>
    );

  return (
    <section className="comments__linked" aria-labelledby={titleId}>
      <h3 className="comments__linked-title" id={titleId}>
        {S.linkedTitle}
      </h3>
      {body}
    </section>
  );
}
