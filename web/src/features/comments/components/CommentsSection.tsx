import type { CommentThreadPage } from '@portal/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { InfiniteList } from '../../../shared/ui/InfiniteList';
import type { CommentsTarget } from '../api/comments-api';
import { usePostComment } from '../hooks/useCommentMutations';
import { errorText } from '../lib/comment-errors';
import { COMMENTS_STRINGS } from '../strings';
import { CommentCard } from './CommentCard';
import { CommentForm } from './CommentForm';
import '../comments.css';

const S = COMMENTS_STRINGS;

export type CommentsList = UseInfiniteQueryResult<InfiniteData<CommentThreadPage>, Error>;

interface CommentsSectionProps {
  target: CommentsTarget;
  /** `commentsQuery(target)`: the threads, newest first. */
  comments: CommentsList;
  /** The title's episode count when known: the largest episode a spoiler may name. */
  episodes?: number | null;
  /** Shown above the threads (the anime page's «Комментарий по ссылке»). */
  children?: ReactNode;
}

/** The form for a signed-in viewer (spoiler moments under a title only), the sign-in prompt for a guest. */
function NewCommentForm({ target, episodes }: { target: CommentsTarget; episodes: number | null }) {
  const { user, status } = useSession();
  const post = usePostComment(target);
  // A new form (emptied) after each comment that went through.
  const [round, setRound] = useState(0);
  if (status === 'checking') return null;
  if (!user) {
    return (
      <div className="comments__guest">
        <p>{S.guestPrompt}</p>
        <div className="comments__guest-actions">
          <ButtonLink to="/login" variant="primary">
            {S.signIn}
          </ButtonLink>
          <ButtonLink to="/register" variant="secondary">
            {S.register}
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <CommentForm
      key={round}
      label={S.contentLabel}
      withSpoiler={target.type === 'anime'}
      episodes={episodes}
      pending={post.isPending}
      error={post.error}
      onSubmit={(draft) =>
        post.mutate(draft, {
          onSuccess: () => {
            post.reset();
            setRound((value) => value + 1);
          },
        })
      }
    />
  );
}

/** A comments block: the form, the threads newest first with their replies and actions, «Показать ещё». */
export function CommentsSection({ target, comments, episodes = null, children }: CommentsSectionProps) {
  const titleId = useId();
  return (
    <section className="comments" aria-labelledby={titleId}>
      <h2 className="comments__title" id={titleId}>
        {S.title}
      </h2>
      <NewCommentForm target={target} episodes={episodes} />
      {children}
      <InfiniteList list={comments} text={S} errorText={errorText} moreClassName="comments__more">
        {(threads) => (
          <ol className="comment-list">
            {threads.map((thread) => (
              <li key={thread.id}>
                <CommentCard comment={thread} target={target} episodes={episodes} />
                {thread.moreReplies ? <p className="comments__more-replies muted">{S.moreRepliesHidden}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </InfiniteList>
    </section>
  );
}
