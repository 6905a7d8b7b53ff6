import type { AnimeDetails } from '@portal/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../../shared/session/session-context';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { ListState } from '../../../shared/ui/ListState';
import { NextPage } from '../../../shared/ui/NextPage';
import { animeCommentsQuery, linkedCommentQuery } from '../api/comments-api';
import { usePostComment } from '../hooks/useCommentMutations';
import { useCommentsLive } from '../hooks/useCommentsLive';
import { HighlightedCommentContext, useScrollToComment } from '../hooks/useScrollToComment';
import { commentIdFromHash } from '../lib/comment-links';
import { errorText } from '../lib/comment-errors';
import { findComment } from '../lib/comment-tree';
import { COMMENTS_STRINGS } from '../strings';
import { CommentCard } from './CommentCard';
import { CommentForm } from './CommentForm';
import { LinkedComment } from './LinkedComment';
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

/**
 * The anime page's comments: the form, the threads newest first with their replies, «Показать ещё», live
 * additions. A `#comment-<id>` link scrolls to its comment once shown (read on its own into «Комментарий
 * по ссылке» when the loaded pages do not hold it) and highlights it for a moment.
 */
export function AnimeComments({ anime }: { anime: AnimeDetails }) {
  const animeId = anime.id;
  const comments = useInfiniteQuery(animeCommentsQuery(animeId));
  useCommentsLive(animeId);
  const episodes = anime.episodes || null;
  const threads = comments.data?.pages.flatMap((page) => page.items) ?? [];

  const targetId = commentIdFromHash(useLocation().hash);
  const inList = targetId !== null && findComment(comments.data, targetId) !== null;
  const linkedId = targetId !== null && comments.data !== undefined && !inList ? targetId : null;
  const linked = useQuery({ ...linkedCommentQuery(animeId, linkedId ?? ''), enabled: linkedId !== null });
  const linkedShown = linkedId !== null && Boolean(linked.data?.pages[0]?.items.length);
  const highlighted = useScrollToComment(targetId, inList || linkedShown);

  let body;
  if (comments.isPending) {
    body = <ListState kind="loading" label={S.loading} />;
  } else if (comments.isError && !comments.data) {
    body = <ListState kind="error" title={S.loadErrorTitle} message={errorText(comments.error)} retryLabel={S.retry} onRetry={() => void comments.refetch()} />;
  } else if (threads.length === 0) {
    body = <ListState kind="empty" text={S.empty} />;
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
        <NextPage list={comments} errorText={errorText} loadingLabel={S.loading} className="comments__more" />
      </>
    );
  }

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 className="comments__title" id="comments-title">
        {S.title}
      </h2>
      <NewCommentForm animeId={animeId} episodes={episodes} />
      <HighlightedCommentContext.Provider value={highlighted}>
        {linkedId !== null ? <LinkedComment linked={linked} animeId={animeId} episodes={episodes} /> : null}
        {body}
      </HighlightedCommentContext.Provider>
    </section>
  );
}

export default AnimeComments;
