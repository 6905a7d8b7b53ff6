import { LATEST_COMMENTS_DEFAULT, spoilerLabel, type LatestComment } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatFullDate, formatRelativeDate } from '../../../shared/lib/relative-date';
import { useNearViewport } from '../../../shared/lib/useNearViewport';
import { Avatar } from '../../../shared/ui/Avatar';
import { LinkifiedText } from '../../../shared/ui/LinkifiedText';
import { ListState } from '../../../shared/ui/ListState';
import { latestCommentsQuery } from '../api/comments-api';
import { errorText } from '../lib/comment-errors';
import { COMMENT_LINK_REL, commentHref } from '../lib/comment-links';
import { COMMENTS_STRINGS } from '../strings';
import '../latest-comments.css';

const S = COMMENTS_STRINGS;
const LIMIT = LATEST_COMMENTS_DEFAULT;

const profilePath = (username: string) => `/user/${encodeURIComponent(username)}`;

/** One comment of the feed: author, the title (a link to the comment on its page), when, the text (two lines at most). */
function LatestCommentCard({ comment }: { comment: LatestComment }) {
  const name = comment.author.displayName || comment.author.username;
  const animeTitle = comment.anime?.title ?? S.latestUnknownAnime;
  const hiddenSpoiler = comment.spoiler?.hidden === true ? comment.spoiler : null;
  return (
    <article className="latest-comment" aria-label={S.latestItem(name, animeTitle)}>
      <Link to={profilePath(comment.author.username)} className="latest-comment__avatar" aria-hidden="true" tabIndex={-1}>
        <Avatar src={comment.author.avatar} alt="" sizePx={36} />
      </Link>
      <div className="latest-comment__body">
        <div className="latest-comment__meta">
          <Link className="latest-comment__author" to={profilePath(comment.author.username)}>
            {name}
          </Link>
          <time className="muted" dateTime={comment.createdAt} title={formatFullDate(comment.createdAt)}>
            {formatRelativeDate(comment.createdAt)}
          </time>
        </div>
        {comment.animeId !== null ? (
          <Link className="latest-comment__anime" to={commentHref(comment.animeId, comment.id)}>
            {animeTitle}
          </Link>
        ) : (
          <span className="latest-comment__anime">{animeTitle}</span>
        )}
        {hiddenSpoiler ? (
          // Withheld from this viewer: the label only, as the server sent it (no text to show).
          <p className="latest-comment__text latest-comment__spoiler">{spoilerLabel(hiddenSpoiler.episode, hiddenSpoiler.at)}</p>
        ) : (
          <p className="latest-comment__text">
            <LinkifiedText text={comment.content ?? ''} rel={COMMENT_LINK_REL} />
          </p>
        )}
      </div>
    </article>
  );
}

/** The final layout with empty boxes: every card has a fixed height, so the block does not grow when the comments arrive. */
function LatestCommentsSkeleton() {
  return (
    <ul className="latest-comments__list" aria-busy="true" aria-label={S.loading}>
      {Array.from({ length: LIMIT }, (_, index) => (
        <li key={index} className="latest-comment latest-comment--skeleton" aria-hidden="true">
          <span className="latest-comment__avatar latest-skeleton latest-skeleton--avatar" />
          <span className="latest-comment__body">
            <span className="latest-skeleton latest-skeleton--meta" />
            <span className="latest-skeleton latest-skeleton--anime" />
            <span className="latest-skeleton" />
            <span className="latest-skeleton latest-skeleton--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page's «Последние комментарии» (below the fold): the newest comments across all titles,
 * hidden spoilers as the server sends them. The data loads when the block nears the viewport; until
 * then, and while it loads, a skeleton of the final size holds its place.
 */
export function LatestComments() {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const latest = useQuery({ ...latestCommentsQuery(LIMIT), enabled: near });

  let body;
  if (latest.isPending) body = <LatestCommentsSkeleton />;
  else if (latest.isError)
    body = <ListState kind="error" title={S.latestErrorTitle} message={errorText(latest.error)} retryLabel={S.retry} onRetry={() => void latest.refetch()} />;
  else if (latest.data.length === 0) body = <ListState kind="empty" text={S.latestEmpty} />;
  else
    body = (
      <ul className="latest-comments__list" aria-labelledby={titleId}>
        {latest.data.map((comment) => (
          <li key={comment.id}>
            <LatestCommentCard comment={comment} />
          </li>
        ))}
      </ul>
    );

  return (
    <section ref={ref} className="latest-comments" aria-labelledby={titleId}>
      <h2 className="latest-comments__title" id={titleId}>
        {S.latestTitle}
      </h2>
      {body}
    </section>
  );
}

export default LatestComments;
