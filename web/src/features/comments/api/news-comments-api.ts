import { COMMENTS_PAGE_DEFAULT, type CommentItem, type CommentThreadPage } from '@portal/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';

/** The comments of a news item: the generic comments with the target `{ type: 'news', id }` (docs/api.md, «News»). */
export const NEWS_COMMENTS_PATH = (newsId: string) => `/news/${encodeURIComponent(newsId)}/comments`;

export const newsCommentsKey = (newsId: string) => ['comments', 'news', newsId] as const;

export const fetchNewsComments = (newsId: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<CommentThreadPage>(NEWS_COMMENTS_PATH(newsId), { query: { limit: COMMENTS_PAGE_DEFAULT, cursor: cursor ?? undefined }, signal });

export const postNewsComment = (newsId: string, content: string) =>
  apiRequest<CommentItem>(NEWS_COMMENTS_PATH(newsId), { method: 'POST', body: { content } });

export const newsCommentsQuery = (newsId: string) =>
  infiniteQueryOptions({
    queryKey: newsCommentsKey(newsId),
    queryFn: ({ pageParam, signal }) => fetchNewsComments(newsId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
