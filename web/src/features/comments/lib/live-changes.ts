import type { CommentDeletedPush, CommentItem, CommentLikesPush } from '@portal/contracts';
import { findComment, mapComments, patchComment, type CommentPages } from './comment-tree';

/*
 * The `/comments` socket's changes to comments already shown (docs/realtime.md, «Comments»). Each
 * returns the same pages when the comment is not loaded or the change is there already (the viewer's
 * own edit, delete or like answered first), so a push never undoes what this tab did.
 */

/**
 * An author's edit, pushed as a guest sees it: its text and `editedAt`. A spoiler arrives without its
 * text, so a viewer who sees it keeps the text shown until a refetch (as with `comment:new`); one for
 * whom it is hidden keeps it hidden. An edit older than the one shown changes nothing.
 */
export function applyCommentUpdated(pages: CommentPages, comment: CommentItem): CommentPages {
  const node = findComment(pages, comment.id);
  if (!node || node.deleted || comment.editedAt === null) return pages;
  if (node.editedAt !== null && Date.parse(comment.editedAt) < Date.parse(node.editedAt)) return pages;
  const withheld = comment.spoiler?.hidden === true;
  if (node.editedAt === comment.editedAt && (withheld || node.content === comment.content)) return pages;
  return patchComment(pages, comment.id, withheld ? { editedAt: comment.editedAt } : { content: comment.content, editedAt: comment.editedAt });
}

/**
 * A deletion, as the server decided it: «Комментарий удалён» over its replies, or gone with whatever
 * is under it; a deleted comment above it left with nothing shown under it goes too (as the list
 * would show it), and the comment it answered counts one reply fewer.
 */
export function applyCommentDeleted(pages: CommentPages, { id, placeholder }: CommentDeletedPush): CommentPages {
  const node = findComment(pages, id);
  if (!node || node.deleted) return pages;
  return mapComments(pages, (current) => {
    if (current.id === id) return placeholder ? { ...current, deleted: true, content: null, spoiler: null } : null;
    if (current.deleted && current.children.length === 0) return null;
    if (current.id === node.parentId) return { ...current, replies: Math.max(0, current.replies - 1) };
    return current;
  });
}

/** The latest like count; `likedByMe` stays this viewer's own. */
export function applyCommentLikes(pages: CommentPages, { id, likes }: CommentLikesPush): CommentPages {
  const node = findComment(pages, id);
  if (!node || node.likes === likes) return pages;
  return patchComment(pages, id, { likes });
}
