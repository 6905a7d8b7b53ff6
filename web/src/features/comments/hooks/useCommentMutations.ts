import type { CommentItem, CommentLikeState, CommentNode } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../shared/ui/notify';
import {
  commentsKeys,
  deleteComment,
  editComment,
  postComment,
  revealComment,
  setCommentLike,
  type CommentsTarget,
  type NewComment,
} from '../api/comments-api';
import { findComment, insertComment, patchComment, removeComment, type CommentPages } from '../lib/comment-tree';
import { COMMENTS_STRINGS } from '../strings';
import { errorText } from '../lib/comment-errors';

const S = COMMENTS_STRINGS;

/**
 * The target's cached pages and, under a title, the comments opened from a link (`linkedCommentQuery`,
 * kept in the same shape): a change to a comment applies wherever it is shown.
 */
function useCommentsCache(target: CommentsTarget) {
  const queryClient = useQueryClient();
  const key = commentsKeys.ofTarget(target);
  const linked = target.type === 'anime' ? commentsKeys.linkedOf(target.id) : null;
  return {
    queryClient,
    key,
    find: (id: string) =>
      findComment(queryClient.getQueryData<CommentPages>(key), id) ??
      (linked &&
        queryClient
          .getQueriesData<CommentPages>({ queryKey: linked })
          .map(([, pages]) => findComment(pages, id))
          .find((node) => node !== null)) ??
      null,
    /** `withLinked: false` for a new thread, which belongs on the list's first page only. */
    update: (change: (pages: CommentPages) => CommentPages | undefined, { withLinked = true } = {}) => {
      const apply = (pages: CommentPages | undefined) => (pages ? change(pages) : pages);
      queryClient.setQueryData<CommentPages>(key, apply);
      if (withLinked && linked) queryClient.setQueriesData<CommentPages>({ queryKey: linked }, apply);
    },
  };
}

/**
 * Posts a comment or a reply; the answer goes into the list at once (the socket's push of it is then a
 * duplicate, ignored). The push can arrive first, as a guest sees it (a spoiler hidden): the answer, the
 * author's own view, then replaces its content and spoiler.
 */
export function usePostComment(target: CommentsTarget) {
  const cache = useCommentsCache(target);
  return useMutation<CommentItem, Error, NewComment>({
    mutationFn: (comment) => postComment(target, comment),
    onSuccess: (comment) =>
      cache.update(
        (pages) =>
          findComment(pages, comment.id)
            ? patchComment(pages, comment.id, { content: comment.content, spoiler: comment.spoiler })
            : insertComment(pages, comment),
        { withLinked: comment.threadParentId !== null },
      ),
  });
}

export function useEditComment(target: CommentsTarget) {
  const cache = useCommentsCache(target);
  return useMutation<CommentItem, Error, { id: string; content: string }>({
    mutationFn: ({ id, content }) => editComment(id, content),
    onSuccess: (comment) => {
      // Only the fields an edit changes: the cached `spoiler`, likes and replies stay the viewer's.
      cache.update((pages) => patchComment(pages, comment.id, { content: comment.content, editedAt: comment.editedAt }));
    },
  });
}

export function useDeleteComment(target: CommentsTarget) {
  const cache = useCommentsCache(target);
  return useMutation<unknown, Error, string>({
    mutationFn: deleteComment,
    onSuccess: (_answer, id) => {
      cache.update((pages) => removeComment(pages, id));
      notify.info(S.deletedToast);
    },
  });
}

type LikeContext = { previous: Pick<CommentLikeState, 'likes' | 'likedByMe'> | null };

/** Likes or takes a like back, shown at once and rolled back (with a toast) on failure. */
export function useToggleLike(target: CommentsTarget) {
  const cache = useCommentsCache(target);
  return useMutation<CommentLikeState, Error, { id: string; liked: boolean }, LikeContext>({
    mutationFn: ({ id, liked }) => setCommentLike(id, liked),
    onMutate: async ({ id, liked }) => {
      await cache.queryClient.cancelQueries({ queryKey: cache.key });
      const node = cache.find(id);
      if (!node) return { previous: null };
      const likes = Math.max(0, node.likes + (liked === node.likedByMe ? 0 : liked ? 1 : -1));
      cache.update((pages) => patchComment(pages, id, { likes, likedByMe: liked }));
      return { previous: { likes: node.likes, likedByMe: node.likedByMe } };
    },
    onError: (error, { id }, context) => {
      if (context?.previous) cache.update((pages) => patchComment(pages, id, context.previous!));
      notify.error(S.likeErrorTitle, errorText(error));
    },
    onSuccess: (state) => cache.update((pages) => patchComment(pages, state.id, { likes: state.likes, likedByMe: state.likedByMe })),
  });
}

/** «Показать» on a hidden spoiler: the comment read again with `?reveal=<id>`, its text put in place. */
export function useRevealComment(target: CommentsTarget) {
  const cache = useCommentsCache(target);
  return useMutation<CommentNode, Error, string>({
    mutationFn: revealComment,
    onSuccess: (node) => cache.update((pages) => patchComment(pages, node.id, { content: node.content, spoiler: node.spoiler, editedAt: node.editedAt })),
    onError: (error) => notify.error(S.revealErrorTitle, errorText(error)),
  });
}
