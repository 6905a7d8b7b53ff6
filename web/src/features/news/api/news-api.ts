import {
  NEWS_PAGE_DEFAULT,
  type NewsCoverUpload,
  type NewsItem,
  type NewsOne,
  type NewsPage,
  type NewsSettings,
  type NewsStatus,
} from '@portal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';
import { uploadFile } from '../../../shared/api/upload-file';

/** Every address the news call (docs/api.md, «News»). */
export const NEWS_PATHS = {
  list: '/news',
  one: (idOrSlug: string) => `/news/${encodeURIComponent(idOrSlug)}`,
  covers: '/admin/news/covers',
  settings: '/admin/news/settings',
} as const;

export interface NewsFilter {
  tag?: string;
  animeId?: number;
}

/** What the editor sends (POST /news, PUT /news/:id). */
export interface NewsDraft {
  title: string;
  slug?: string;
  summary: string;
  body: string;
  tags: string[];
  animeIds: number[];
  cover: { id: string; widths: number[] } | null;
  status: NewsStatus;
  publishedAt?: string;
}

export function fetchNewsPage(page: number, filter: NewsFilter, limit = NEWS_PAGE_DEFAULT, signal?: AbortSignal): Promise<NewsPage> {
  return apiRequest<NewsPage>(NEWS_PATHS.list, { query: { page, limit, tag: filter.tag, animeId: filter.animeId }, signal });
}

export async function fetchNews(idOrSlug: string, signal?: AbortSignal): Promise<NewsItem> {
  return (await apiRequest<NewsOne>(NEWS_PATHS.one(idOrSlug), { signal })).data;
}

export function createNews(draft: NewsDraft): Promise<NewsItem> {
  return apiRequest<NewsItem>(NEWS_PATHS.list, { method: 'POST', body: draft });
}

export function updateNews(id: string, draft: NewsDraft): Promise<NewsItem> {
  return apiRequest<NewsItem>(NEWS_PATHS.one(id), { method: 'PUT', body: { ...draft, slug: draft.slug || undefined } });
}

export function deleteNews(id: string): Promise<{ id: string; deleted: true }> {
  return apiRequest(NEWS_PATHS.one(id), { method: 'DELETE' });
}

export function fetchNewsSettings(signal?: AbortSignal): Promise<NewsSettings> {
  return apiRequest<NewsSettings>(NEWS_PATHS.settings, { signal });
}

export function saveNewsSettings(settings: NewsSettings): Promise<NewsSettings> {
  return apiRequest<NewsSettings>(NEWS_PATHS.settings, { method: 'PUT', body: settings });
}

/** Uploads a cover as multipart/form-data (field `file`); the server checks it by content and resizes it. */
export function uploadNewsCover(file: Blob, name = 'cover'): Promise<NewsCoverUpload> {
  return uploadFile<NewsCoverUpload>(NEWS_PATHS.covers, file, name);
}

export const newsKeys = {
  all: ['news'] as const,
  list: (filter: NewsFilter) => ['news', 'list', filter.tag ?? null, filter.animeId ?? null] as const,
  latest: (limit: number) => ['news', 'latest', limit] as const,
  one: (idOrSlug: string) => ['news', 'one', idOrSlug] as const,
  settings: ['news', 'settings'] as const,
};

/** /news page by page, newest first (infinite scroll). */
export const newsListQuery = (filter: NewsFilter = {}) =>
  infiniteQueryOptions({
    queryKey: newsKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchNewsPage(pageParam, filter, NEWS_PAGE_DEFAULT, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.hasMore ? last.meta.page + 1 : undefined),
    staleTime: 60_000,
  });

/** The home page's block: the latest few. */
export const latestNewsQuery = (limit = 4) =>
  queryOptions({ queryKey: newsKeys.latest(limit), queryFn: ({ signal }) => fetchNewsPage(1, {}, limit, signal), staleTime: 60_000 });

export const newsQuery = (idOrSlug: string) =>
  queryOptions({ queryKey: newsKeys.one(idOrSlug), queryFn: ({ signal }) => fetchNews(idOrSlug, signal), staleTime: 60_000 });

export const newsSettingsQuery = () => queryOptions({ queryKey: newsKeys.settings, queryFn: ({ signal }) => fetchNewsSettings(signal), staleTime: 0 });
