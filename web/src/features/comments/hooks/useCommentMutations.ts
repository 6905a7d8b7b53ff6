import type { CommentItem, CommentLikeState, CommentNode } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../shared/ui/notify';
import { commentsKeys, deleteComment, editComment, postComment, revealComment, setCommentLike, type NewComment } from '../api/comments-api';
import { findComment, insertComment, patchComment, removeComment, type CommentPages } from '../lib/comment-tree';
import { COMMENTS_STRINGS } from '../strings';
import { errorText } from '../lib/comment-errors';

const S = COMMENTS_STRINGS;

function useCommentsCache(animeId: number) {
  const queryClient = useQueryClient();
  const key = commentsKeys.anime(animeId);
  return {
    queryClient,
    key,
    get: () => queryClient.getQueryData<CommentPages>(key),
    update: (change: (pages: CommentPages) => CommentPages | undefined) =>
      queryClient.setQueryData<CommentPages>(key, (pages) => (pages ? change(pages) : pages)),
  };
}

/**
 * Posts a comment or a reply; the answer goes into the list at once (the socket's push of it is then a
 * duplicate, ignored). The push can arrive first, as a guest sees it (a spoiler hidden): the answer, the
 * author's own view, then replaces its content and spoiler.
 */
export function usePostComment(animeId: number) {
  const cache = useCommentsCache(animeId);
  return useMutation<CommentItem, Error, Omit<NewComment, 'animeId'>>({
    mutationFn: (body) => postComment({ animeId, ...body }),
    onSuccess: (comment) =>
      cache.update((pages) =>
        findComment(pages, comment.id)
          ? patchComment(pages, comment.id, { content: comment.content, spoiler: comment.spoiler })
          : insertComment(pages, comment),
      ),
  });
}

export function useEditComment(animeId: number) {
  const cache = useCommentsCache(animeId);
  return useMutation<CommentItem, Error, { id: string; content: string }>({
    mutationFn: ({ id, content }) => editComment(id, content),
    onSuccess: (comment) => {
      // Only the fields an edit changes: the cached `spoiler`, likes and replies stay the viewer's.
      cache.update((pages) => patchComment(pages, comment.id, { content: comment.content, editedAt: comment.editedAt }));
    },
  });
}

export function useDeleteComment(animeId: number) {
  const cache = useCommentsCache(animeId);
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
export function useToggleLike(animeId: number) {
  const cache = useCommentsCache(animeId);
  return useMutation<CommentLikeState, Error, { id: string; liked: boolean }, LikeContext>({
    mutationFn: ({ id, liked }) => setCommentLike(id, liked),
    onMutate: async ({ id, liked }) => {
      await cache.queryClient.cancelQueries({ queryKey: cache.key });
      const node = findComment(cache.get(), id);
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
export function useRevealComment(animeId: number) {
  const cache = useCommentsCache(animeId);
  return useMutation<CommentNode, Error, string>({
    mutationFn: revealComment,
    onSuccess: (node) => cache.update((pages) => patchComment(pages, node.id, { content: node.content, spoiler: node.spoiler, editedAt: node.editedAt })),
    onError: (error) => notify.error(S.revealErrorTitle, errorText(error)),
  });
}
