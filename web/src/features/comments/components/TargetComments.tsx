import type { CommentNode } from '@portal/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRelativeDate } from '../../../shared/lib/relative-date';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { ListState } from '../../../shared/ui/ListState';
import { NextPage } from '../../../shared/ui/NextPage';
import { type CommentsTarget, postTargetComment, targetCommentsKey, targetCommentsQuery } from '../api/target-comments-api';
import { errorText } from '../lib/comment-errors';
import { COMMENTS_STRINGS } from '../strings';
import { CommentForm } from './CommentForm';
import '../comments.css';

const S = COMMENTS_STRINGS;

/** A thread as text (never HTML), its replies nested. */
function Thread({ comment }: { comment: CommentNode }) {
  return (
    <article className="comment-card" aria-label={`${S.title}: ${comment.author.username}`}>
      <p className="muted">
        <strong>{comment.author.displayName}</strong> · <time dateTime={comment.createdAt}>{formatRelativeDate(comment.createdAt)}</time>
      </p>
      <p className="comment-card__content">{comment.content ?? S.deleted}</p>
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
 * The comments of a news item or an AMV: threads newest first and the form (no spoiler moments: neither
 * has episodes). Replies, edits and likes are the anime comments' for now (docs/community.md, «News», «AMV»).
 */
export function TargetComments({ target }: { target: CommentsTarget }) {
  const { user, status } = useSession();
  const client = useQueryClient();
  const comments = useInfiniteQuery(targetCommentsQuery(target));
  const [round, setRound] = useState(0);
  const post = useMutation({
    mutationFn: (content: string) => postTargetComment(target, content),
    onSuccess: () => {
      setRound((value) => value + 1);
      return client.invalidateQueries({ queryKey: targetCommentsKey(target) });
    },
  });
  const threads = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const titleId = `${target.type}-comments-title`;

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
    <section className="comments" aria-labelledby={titleId}>
      <h2 className="comments__title" id={titleId}>
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

