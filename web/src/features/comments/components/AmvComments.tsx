import type { CommentNode } from '@portal/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRelativeDate } from '../../../shared/lib/relative-date';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { ListState } from '../../../shared/ui/ListState';
import { NextPage } from '../../../shared/ui/NextPage';
import { amvCommentsKey, amvCommentsQuery, postAmvComment } from '../api/amv-comments-api';
import { errorText } from '../lib/comment-errors';
import { COMMENTS_STRINGS } from '../strings';
import { CommentForm } from './CommentForm';
import '../comments.css';

const S = COMMENTS_STRINGS;

function Thread({ comment }: { comment: CommentNode }) {
  return (
    <article className="comment-card" aria-label={`${S.title}: ${comment.author.username}`}>
      <p className="muted">
        <strong>{comment.author.displayName}</strong> · <time dateTime={comment.createdAt}>{formatRelativeDate(comment.createdAt)}</time>
      </p>
      <p className="comment-card__content">{comment.content ?? ''}</p>
      {comment.children.length ? (
        <ol className="comment-list">
          {comment.children.map((child) => (
            <li key={child.id}>
              <Thread comment={child} />
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}

/**
 * The comments of an AMV page: the threads newest first and the form (no spoiler moments: a clip has
 * no episodes). Replies, edits and likes are the anime comments' for now (docs/community.md, «AMV»).
 */
export function AmvComments({ amvId }: { amvId: string }) {
  const { user, status } = useSession();
  const client = useQueryClient();
  const comments = useInfiniteQuery(amvCommentsQuery(amvId));
  const [round, setRound] = useState(0);
  const post = useMutation({
    mutationFn: (content: string) => postAmvComment(amvId, content),
    onSuccess: () => {
      setRound((value) => value + 1);
      return client.invalidateQueries({ queryKey: amvCommentsKey(amvId) });
    },
  });
  const threads = comments.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (comments.isPending) body = <ListState kind="loading" label={S.loading} />;
  else if (comments.isError && !comments.data)
    body = <ListState kind="error" title={S.loadErrorTitle} message={errorText(comments.error)} retryLabel={S.retry} onRetry={() => void comments.refetch()} />;
  else if (threads.length === 0) body = <ListState kind="empty" text={S.empty} />;
  else
    body = (
      <>
        <ol className="comment-list">
          {threads.map((thread) => (
            <li key={thread.id}>
              <Thread comment={thread} />
            </li>
          ))}
        </ol>
        <NextPage list={comments} errorText={errorText} loadingLabel={S.loading} className="comments__more" />
      </>
    );

  return (
    <section className="comments" aria-labelledby="amv-comments-title">
      <h2 className="comments__title" id="amv-comments-title">
        {S.title}
      </h2>
      {status === 'checking' ? null : user ? (
        <CommentForm key={round} label={S.contentLabel} pending={post.isPending} error={post.error} onSubmit={(draft) => post.mutate(draft.content)} />
      ) : (
        <div className="comments__guest">
          <p>{S.guestPrompt}</p>
          <ButtonLink to="/login" variant="primary">
            {S.signIn}
          </ButtonLink>
        </div>
      )}
      {body}
    </section>
  );
}

export default AmvComments;
