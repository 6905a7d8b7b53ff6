import { COMMENTS_PAGE_DEFAULT, type CommentItem, type CommentThreadPage } from '@portal/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';

/** What a thread list hangs under besides a title: a news item or an AMV (docs/api.md, «News», «AMV»). */
export interface CommentsTarget {
  type: 'news' | 'amv';
  id: string;
}

/** The generic comments of a target, `/news/:id/comments` or `/amv/:id/comments`. */
const commentsPath = ({ type, id }: CommentsTarget) => `/${type}/${encodeURIComponent(id)}/comments`;

export const targetCommentsKey = ({ type, id }: CommentsTarget) => ['comments', type, id] as const;

const fetchTargetComments = (target: CommentsTarget, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<CommentThreadPage>(commentsPath(target), { query: { limit: COMMENTS_PAGE_DEFAULT, cursor: cursor ?? undefined }, signal });

export const postTargetComment = (target: CommentsTarget, content: string) =>
  apiRequest<CommentItem>(commentsPath(target), { method: 'POST', body: { content } });

export const targetCommentsQuery = (target: CommentsTarget) =>
  infiniteQueryOptions({
    queryKey: targetCommentsKey(target),
    queryFn: ({ pageParam, signal }) => fetchTargetComments(target, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
  });
