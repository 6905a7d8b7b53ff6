import { spoilerLabel, type LatestComment } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatFullDate, formatRelativeDate } from '../../../shared/lib/relative-date';
import { LinkifiedText } from '../../../shared/ui/LinkifiedText';
import { PagedFeed } from '../../../shared/ui/PagedFeed';
import { PosterImage } from '../../../shared/ui/PosterImage';
import { userCommentsQuery } from '../api/comments-api';
import { errorText } from '../lib/comment-errors';
import { COMMENT_LINK_REL, commentHref } from '../lib/comment-links';
import { COMMENTS_STRINGS } from '../strings';
import '../profile-comments.css';

const S = COMMENTS_STRINGS;

export interface ProfileCommentsProps {
  username: string;
  /** The viewer's own profile (the empty state says so). */
  own: boolean;
}

/** One comment of the profile: the title (a link to the comment on its page), when, and the text as the server sent it to this viewer. */
function ProfileCommentItem({ comment }: { comment: LatestComment }) {
  const animeTitle = comment.anime?.title ?? S.profileUnknownAnime;
  const hiddenSpoiler = comment.spoiler?.hidden === true ? comment.spoiler : null;
  const href = comment.animeId !== null ? commentHref(comment.animeId, comment.id) : null;
  return (
    <article className="profile-comment" aria-label={S.profileItem(animeTitle)}>
      {href && comment.anime ? (
        <Link className="profile-comment__poster" to={href} tabIndex={-1} aria-hidden="true">
          <PosterImage src={comment.anime.poster} fallbackSrc={comment.anime.fallbackPoster} alt="" />
        </Link>
      ) : null}
      <div className="profile-comment__body">
        <header className="profile-comment__meta">
          {href ? (
            <Link className="profile-comment__anime" to={href}>
              {animeTitle}
            </Link>
          ) : (
            <span className="profile-comment__anime">{animeTitle}</span>
          )}
          {comment.parentId ? <span className="muted">{S.profileReply}</span> : null}
          <time className="muted" dateTime={comment.createdAt} title={formatFullDate(comment.createdAt)}>
            {formatRelativeDate(comment.createdAt)}
          </time>
          {comment.editedAt ? <span className="muted">{S.edited}</span> : null}
        </header>
        {hiddenSpoiler ? (
          // Withheld from this viewer: the label only, as the server sent it (the comment's page can reveal it).
          <p className="profile-comment__text profile-comment__spoiler">{spoilerLabel(hiddenSpoiler.episode, hiddenSpoiler.at)}</p>
        ) : (
          <>
            {comment.spoiler ? <p className="profile-comment__spoiler-tag">{spoilerLabel(comment.spoiler.episode, comment.spoiler.at)}</p> : null}
            <p className="profile-comment__text" dir="auto">
              <LinkifiedText text={comment.content ?? ''} rel={COMMENT_LINK_REL} />
            </p>
          </>
        )}
        <p className="profile-comment__likes muted">{S.profileLikes(comment.likes)}</p>
      </div>
    </article>
  );
}

/** The profile's «Комментарии» tab: the user's comments, newest first, page by page. */
export function ProfileComments({ username, own }: ProfileCommentsProps) {
  const comments = useInfiniteQuery(userCommentsQuery(username));
  return (
    <PagedFeed
      query={comments}
      keyOf={(comment) => comment.id}
      renderItem={(comment) => <ProfileCommentItem comment={comment} />}
      own={own}
      errorText={errorText}
      text={S.profileFeed}
    />
  );
}

export default ProfileComments;
