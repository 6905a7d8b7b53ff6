import {
  COMMENTS_PAGE_DEFAULT,
  type CommentItem,
  type CommentLikeState,
  type CommentNode,
  type CommentThreadPage,
} from '@portal/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';

/** Every address the comments block calls (docs/api.md, «Comments»). */
export const COMMENTS_PATHS = {
  ofAnime: (animeId: number) => `/anime/${animeId}/comments`,
  create: '/comments',
  one: (id: string) => `/comments/${encodeURIComponent(id)}`,
  like: (id: string) => `/comments/${encodeURIComponent(id)}/like`,
} as const;

export interface NewComment {
  animeId: number;
  content: string;
  parentId?: string;
  episode?: number;
  at?: number;
}

export function fetchCommentPage(animeId: number, cursor: string | null, signal?: AbortSignal): Promise<CommentThreadPage> {
  return apiRequest<CommentThreadPage>(COMMENTS_PATHS.ofAnime(animeId), {
    query: { limit: COMMENTS_PAGE_DEFAULT, cursor: cursor ?? undefined },
    signal,
  });
}

/** One comment with `?reveal=<id>`: a hidden spoiler's text, asked for by the viewer. */
export function revealComment(id: string): Promise<CommentNode> {
  return apiRequest<CommentNode>(COMMENTS_PATHS.one(id), { query: { reveal: id } });
}

export function postComment(body: NewComment): Promise<CommentItem> {
  return apiRequest<CommentItem>(COMMENTS_PATHS.create, { method: 'POST', body });
}

export function editComment(id: string, content: string): Promise<CommentItem> {
  return apiRequest<CommentItem>(COMMENTS_PATHS.one(id), { method: 'PUT', body: { content } });
}

export function deleteComment(id: string): Promise<{ id: string; deleted: true }> {
  return apiRequest(COMMENTS_PATHS.one(id), { method: 'DELETE' });
}

export function setCommentLike(id: string, liked: boolean): Promise<CommentLikeState> {
  return apiRequest<CommentLikeState>(COMMENTS_PATHS.like(id), { method: liked ? 'POST' : 'DELETE' });
}

export const commentsKeys = {
  all: ['comments'] as const,
  anime: (animeId: number) => ['comments', 'anime', animeId] as const,
};

/** A title's threads, newest first, page by page (`nextCursor`). What a viewer may read depends on them: never shared across sessions. */
export const animeCommentsQuery = (animeId: number) =>
  infiniteQueryOptions({
    queryKey: commentsKeys.anime(animeId),
    queryFn: ({ pageParam, signal }) => fetchCommentPage(animeId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
