import {
  COMMENT_DEPTH_MAX,
  COMMENTS_PAGE_DEFAULT,
  LATEST_COMMENTS_DEFAULT,
  type CommentItem,
  type CommentLikeState,
  type CommentNode,
  type CommentThreadPage,
  type LatestComment,
  type UserCommentPage,
} from '@portal/contracts';
import { infiniteQueryOptions, queryOptions, skipToken, type InfiniteData } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';

const comments = operationsOf('comments');
const profileActivity = operationsOf('profileActivity');

/**
 * What a comments block hangs under: a title (its catalogue id), a news item or an AMV (docs/api.md,
 * «Comments», «News», «AMV»). Only titles have episodes, so only their comments carry spoiler moments.
 */
export type CommentsTarget = { type: 'anime'; id: number } | { type: 'news' | 'amv'; id: string };

/** A new comment or reply; the spoiler moment (`episode`, `at`) only under a title. */
export interface NewComment {
  content: string;
  parentId?: string;
  episode?: number;
  at?: number;
}

export function fetchCommentPage(target: CommentsTarget, cursor: string | null, signal?: AbortSignal): Promise<CommentThreadPage> {
  const page = { limit: COMMENTS_PAGE_DEFAULT, cursor: cursor ?? undefined };
  if (target.type === 'anime') return comments.ofAnime({ id: target.id, ...page }, { signal });
  return (target.type === 'news' ? comments.ofNews : comments.ofAmv)({ id: target.id, ...page }, { signal });
}

/** One comment with the replies shown under it (spoilers hidden by the usual rule). */
export const fetchComment = (id: string, signal?: AbortSignal): Promise<CommentNode> => comments.get({ id }, { signal });

/** The newest comments across all titles, each with its title (the home page's block). */
export const fetchLatestComments = (limit: number, signal?: AbortSignal): Promise<LatestComment[]> => comments.latest({ limit }, { signal });

/** One comment with `?reveal=<id>`: a hidden spoiler's text, asked for by the viewer. */
export const revealComment = (id: string): Promise<CommentNode> => comments.get({ id, reveal: id });

/** SPEC's `POST /comments` { animeId, … } for a title; a news item's or an AMV's own comments address otherwise. */
export function postComment(target: CommentsTarget, comment: NewComment): Promise<CommentItem> {
  if (target.type === 'anime') return comments.create({ animeId: target.id, ...comment });
  const { content, parentId } = comment;
  return (target.type === 'news' ? comments.createOnNews : comments.createOnAmv)({ id: target.id, content, parentId });
}

export const editComment = (id: string, content: string): Promise<CommentItem> => comments.update({ id, content });

export const deleteComment = (id: string) => comments.delete({ id });

export const setCommentLike = (id: string, liked: boolean): Promise<CommentLikeState> => (liked ? comments.like({ id }) : comments.unlike({ id }));

export const commentsKeys = {
  all: ['comments'] as const,
  ofTarget: ({ type, id }: CommentsTarget) => ['comments', type, id] as const,
  /** Comments of a title opened from a link (`#comment-<id>`) that its loaded pages do not hold. */
  linkedOf: (animeId: number) => ['comments', 'linked', animeId] as const,
  linked: (animeId: number, id: string) => ['comments', 'linked', animeId, id] as const,
  threadRoot: (id: string) => ['comments', 'thread-root', id] as const,
  latest: (limit: number) => ['comments', 'latest', limit] as const,
  user: (username: string) => ['comments', 'user', username] as const,
};

/** A target's threads, newest first, page by page (`nextCursor`). What a viewer may read depends on them: never shared across sessions. */
export const commentsQuery = (target: CommentsTarget) =>
  infiniteQueryOptions({
    queryKey: commentsKeys.ofTarget(target),
    queryFn: ({ pageParam, signal }) => fetchCommentPage(target, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });

/**
 * A comment opened from a link that the loaded pages do not hold (a reply deep in a thread, an older
 * thread), with the replies under it. Kept in the shape of the list's pages, one thread on one page,
 * so every change the block makes to its comments (likes, edits, replies, deletions) applies to it
 * by the same code.
 */
export const linkedCommentQuery = (animeId: number, id: string) =>
  queryOptions({
    queryKey: commentsKeys.linked(animeId, id),
    queryFn: async ({ signal }): Promise<InfiniteData<CommentThreadPage, string | null>> => {
      const node = await fetchComment(id, signal);
      const items = node.animeId === animeId ? [{ ...node, moreReplies: false }] : [];
      return { pages: [{ items, nextCursor: null }], pageParams: [null] };
    },
    staleTime: 60_000,
  });

/**
 * The id of the thread a reply belongs to: up through the display parents (one request per level
 * above the first; replies nest at most COMMENT_DEPTH_MAX deep).
 */
export async function fetchThreadRootId(comment: CommentItem, signal?: AbortSignal): Promise<string> {
  let current = comment;
  for (let level = 0; current.threadParentId !== null && current.depth > 1 && level < COMMENT_DEPTH_MAX; level += 1) {
    current = await fetchComment(current.threadParentId, signal);
  }
  return current.threadParentId ?? current.id;
}

/** The thread of a reply (nothing to ask for a thread itself, or before the comment is known). */
export const threadRootQuery = (comment: CommentItem | null) =>
  queryOptions({
    queryKey: commentsKeys.threadRoot(comment?.id ?? ''),
    queryFn: comment && comment.depth > 0 ? ({ signal }) => fetchThreadRootId(comment, signal) : skipToken,
    staleTime: Infinity,
  });

/** The home page's «Последние комментарии»; what a viewer may read depends on them (spoilers). */
export const latestCommentsQuery = (limit = LATEST_COMMENTS_DEFAULT) =>
  queryOptions({
    queryKey: commentsKeys.latest(limit),
    queryFn: ({ signal }) => fetchLatestComments(limit, signal),
    staleTime: 30_000,
  });

/** A user's comments for their profile, newest first, each with its title (spoilers hidden by the usual rule). */
export function fetchUserComments(username: string, cursor: string | null, signal?: AbortSignal): Promise<UserCommentPage> {
  return profileActivity.comments({ username, limit: COMMENTS_PAGE_DEFAULT, cursor: cursor ?? undefined }, { signal });
}

/** The profile's «Комментарии» tab, page by page (`nextCursor`). */
export const userCommentsQuery = (username: string) =>
  infiniteQueryOptions({
    queryKey: commentsKeys.user(username),
    queryFn: ({ pageParam, signal }) => fetchUserComments(username, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });
