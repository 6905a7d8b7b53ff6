import { COMMENTS_PAGE_DEFAULT, type CommentItem, type CommentThreadPage } from '@portal/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';

/** The comments of an AMV: the generic comments with the target `{ type: 'amv', id }` (docs/api.md, «AMV»). */
export const AMV_COMMENTS_PATH = (amvId: string) => `/amv/${encodeURIComponent(amvId)}/comments`;

export const amvCommentsKey = (amvId: string) => ['comments', 'amv', amvId] as const;

export const fetchAmvComments = (amvId: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<CommentThreadPage>(AMV_COMMENTS_PATH(amvId), { query: { limit: COMMENTS_PAGE_DEFAULT, cursor: cursor ?? undefined }, signal });

export const postAmvComment = (amvId: string, content: string) => apiRequest<CommentItem>(AMV_COMMENTS_PATH(amvId), { method: 'POST', body: { content } });

export const amvCommentsQuery = (amvId: string) =>
  infiniteQueryOptions({
    queryKey: amvCommentsKey(amvId),
    queryFn: ({ pageParam, signal }) => fetchAmvComments(amvId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
