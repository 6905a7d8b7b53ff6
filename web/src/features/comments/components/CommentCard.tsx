import { spoilerLabel, type CommentNode } from '@portal/contracts';
import { useContext, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../../shared/session/session-context';
import { Avatar } from '../../../shared/ui/Avatar';
import { LinkifiedText } from '../../../shared/ui/LinkifiedText';
import { notify } from '../../../shared/ui/notify';
import { REPORT_STRINGS } from '../../../shared/ui/report-strings';
import { ReportButton } from '../../../shared/ui/ReportButton';
import { UserName } from '../../../shared/ui/UserName';
import type { CommentsTarget } from '../api/comments-api';
import { useDeleteComment, useEditComment, usePostComment, useRevealComment, useToggleLike } from '../hooks/useCommentMutations';
import { formatFullDate, formatRelativeDate } from '../../../shared/lib/relative-date';
import { HighlightedCommentContext } from '../hooks/useScrollToComment';
import { COMMENT_LINK_REL, commentAnchorId } from '../lib/comment-links';
import { COMMENTS_STRINGS } from '../strings';
import { CommentForm } from './CommentForm';
import { DeleteCommentDialog } from './DeleteCommentDialog';

const S = COMMENTS_STRINGS;

export interface CommentCardProps {
  comment: CommentNode;
  target: CommentsTarget;
  episodes?: number | null;
  /** The username of the comment answered, when it is not the one this is shown under (answers past depth 3). */
  inReplyTo?: string | null;
}

const profilePath = (username: string) => `/user/${encodeURIComponent(username)}`;

/** One comment with its actions and, nested under it, the replies shown there. */
export function CommentCard({ comment, target, episodes, inReplyTo = null }: CommentCardProps) {
  const { user } = useSession();
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const reply = usePostComment(target);
  const edit = useEditComment(target);
  const remove = useDeleteComment(target);
  const like = useToggleLike(target);
  const reveal = useRevealComment(target);

  const own = user !== null && user.id === comment.author.id;
  const canDelete = own || Boolean(user?.isAdmin);
  const hiddenSpoiler = comment.spoiler?.hidden === true;
  // Held after reports: others get no text; its author and admins read it, marked.
  const withheld = comment.held === true && comment.content === null;
  const name = comment.author.displayName || comment.author.username;
  // The target of a `#comment-<id>` link, for a moment after the page scrolled to it.
  const highlight = useContext(HighlightedCommentContext) === comment.id ? ' comment--highlighted' : '';

  const toggleLike = () => {
    if (!user) {
      notify.info(S.guestLikeTitle);
      return;
    }
    like.mutate({ id: comment.id, liked: !comment.likedByMe });
  };

  const children = comment.children.length ? (
    <ol className="comment-list comment-list--replies">
      {comment.children.map((child) => {
        // A reply past the depth cap is shown beside the comment it answers: name that one.
        const answered = child.parentId !== comment.id ? comment.children.find((sibling) => sibling.id === child.parentId) : undefined;
        return (
          <li key={child.id}>
            <CommentCard comment={child} target={target} episodes={episodes} inReplyTo={answered?.author.username ?? null} />
          </li>
        );
      })}
    </ol>
  ) : null;

  if (comment.deleted) {
    return (
      <article id={commentAnchorId(comment.id)} className={`comment comment--deleted${highlight}`} aria-label={S.deleted} data-depth={comment.depth}>
        <p className="comment__placeholder muted">{S.deleted}</p>
        {children}
      </article>
    );
  }

  return (
    <article id={commentAnchorId(comment.id)} className={`comment${highlight}`} aria-label={`${S.title}: ${name}`} data-depth={comment.depth}>
      <div className="comment__row">
        <Link to={profilePath(comment.author.username)} className="comment__avatar" aria-hidden="true" tabIndex={-1}>
          <Avatar src={comment.author.avatar} alt="" sizePx={36} />
        </Link>
        <div className="comment__body">
          <header className="comment__meta">
            <Link className="comment__author" to={profilePath(comment.author.username)}>
              <UserName name={name} />
            </Link>
            <span className="comment__rank muted">{comment.author.rank}</span>
            <time className="comment__date muted" dateTime={comment.createdAt} title={formatFullDate(comment.createdAt)}>
              {formatRelativeDate(comment.createdAt)}
            </time>
            {comment.editedAt ? (
              <span className="comment__edited muted" title={formatFullDate(comment.editedAt)}>
                {S.edited}
              </span>
            ) : null}
            {inReplyTo ? <span className="comment__reply-to muted">{S.inReplyTo(inReplyTo)}</span> : null}
          </header>

          {comment.held ? <p className="comment__held muted">{REPORT_STRINGS.held}</p> : null}

          {comment.spoiler && !hiddenSpoiler ? <p className="comment__spoiler-tag">{spoilerLabel(comment.spoiler.episode, comment.spoiler.at)}</p> : null}

          {mode === 'edit' ? (
            <CommentForm
              label={S.contentLabel}
              initialContent={comment.content ?? ''}
              submitLabel={S.save}
              autoFocus
              pending={edit.isPending}
              error={edit.error}
              onCancel={() => {
                edit.reset();
                setMode('view');
              }}
              onSubmit={({ content }) => edit.mutate({ id: comment.id, content }, { onSuccess: () => setMode('view') })}
            />
          ) : withheld ? null : hiddenSpoiler && comment.spoiler ? (
            <div className="comment__spoiler">
              <span>{spoilerLabel(comment.spoiler.episode, comment.spoiler.at)}</span>
              <button type="button" className="comment__action" disabled={reveal.isPending} onClick={() => reveal.mutate(comment.id)}>
                {S.reveal}
              </button>
            </div>
          ) : (
            <p className="comment__text" dir="auto">
              <LinkifiedText text={comment.content ?? ''} rel={COMMENT_LINK_REL} />
            </p>
          )}

          <div className="comment__actions">
            <button
              type="button"
              className={comment.likedByMe ? 'comment__action comment__like comment__like--on' : 'comment__action comment__like'}
              aria-pressed={user ? comment.likedByMe : undefined}
              aria-label={comment.likedByMe ? S.unlike(comment.likes) : S.like(comment.likes)}
              disabled={own}
              onClick={toggleLike}
            >
              <span aria-hidden="true">♥</span> {comment.likes}
            </button>
            {user ? (
              <button type="button" className="comment__action" aria-expanded={mode === 'reply'} onClick={() => setMode(mode === 'reply' ? 'view' : 'reply')}>
                {S.reply}
              </button>
            ) : null}
            {own && mode !== 'edit' ? (
              <button type="button" className="comment__action" onClick={() => setMode('edit')}>
                {S.edit}
              </button>
            ) : null}
            {user && !own ? <ReportButton target={{ type: 'comment', id: comment.id }} className="comment__action" /> : null}
            {canDelete ? (
              <button type="button" className="comment__action comment__action--danger" onClick={() => setConfirmDelete(true)}>
                {S.delete}
              </button>
            ) : null}
          </div>

          {mode === 'reply' ? (
            <CommentForm
              label={S.replyLabel(comment.author.username)}
              placeholder={S.replyPlaceholder}
              withSpoiler={target.type === 'anime'}
              episodes={episodes}
              autoFocus
              pending={reply.isPending}
              error={reply.error}
              onCancel={() => {
                reply.reset();
                setMode('view');
              }}
              onSubmit={(draft) => reply.mutate({ ...draft, parentId: comment.id }, { onSuccess: () => setMode('view') })}
            />
          ) : null}
        </div>
      </div>
      {children}
      {canDelete ? (
        <DeleteCommentDialog
          open={confirmDelete}
          onOpenChange={(open) => {
            if (!open) remove.reset();
            setConfirmDelete(open);
          }}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(comment.id, { onSuccess: () => setConfirmDelete(false) })}
        />
      ) : null}
    </article>
  );
}
