import type { AnimeDetails } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { Spinner } from '../../../shared/ui/Spinner';
import { animeCommentsQuery } from '../api/comments-api';
import { usePostComment } from '../hooks/useCommentMutations';
import { useCommentsLive } from '../hooks/useCommentsLive';
import { errorText } from '../lib/comment-errors';
import { COMMENTS_STRINGS } from '../strings';
import { CommentCard } from './CommentCard';
import { CommentForm } from './CommentForm';
import '../comments.css';

const S = COMMENTS_STRINGS;

/** The form for a signed-in viewer, the sign-in prompt for a guest. */
function NewCommentForm({ animeId, episodes }: { animeId: number; episodes: number | null }) {
  const { user, status } = useSession();
  const post = usePostComment(animeId);
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
      withSpoiler
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

/** The anime page's comments: the form, the threads newest first with their replies, «Показать ещё», live additions. */
export function AnimeComments({ anime }: { anime: AnimeDetails }) {
  const animeId = anime.id;
  const comments = useInfiniteQuery(animeCommentsQuery(animeId));
  useCommentsLive(animeId);
  const episodes = anime.episodes || null;
  const threads = comments.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (comments.isPending) {
    body = (
      <div className="comments__state">
        <Spinner label={S.loading} />
      </div>
    );
  } else if (comments.isError && !comments.data) {
    body = (
      <div className="comments__state">
        <p>{S.loadErrorTitle}</p>
        <FieldMessage message={errorText(comments.error)} />
        <Button variant="secondary" size="small" onClick={() => void comments.refetch()}>
          {S.retry}
        </Button>
      </div>
    );
  } else if (threads.length === 0) {
    body = <p className="comments__state muted">{S.empty}</p>;
  } else {
    body = (
      <>
        <ol className="comment-list">
          {threads.map((thread) => (
            <li key={thread.id}>
              <CommentCard comment={thread} animeId={animeId} episodes={episodes} />
              {thread.moreReplies ? <p className="comments__more-replies muted">{S.moreRepliesHidden}</p> : null}
            </li>
          ))}
        </ol>
        {comments.isFetchNextPageError ? <FieldMessage message={errorText(comments.error)} /> : null}
        {comments.hasNextPage ? (
          <div className="comments__more">
            <Button variant="secondary" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
              {comments.isFetchingNextPage ? S.loading : S.showMore}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 className="comments__title" id="comments-title">
        {S.title}
      </h2>
      <NewCommentForm animeId={animeId} episodes={episodes} />
      {body}
    </section>
  );
}

export default AnimeComments;
