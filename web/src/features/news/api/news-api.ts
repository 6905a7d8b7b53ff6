import { NEWS_PAGE_DEFAULT, type NewsCoverUpload, type NewsItem, type NewsPage, type NewsSettings } from '@portal/contracts';
import type { Operations, RequestOf } from '@portal/contracts/operations';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';
import { uploadFile } from '../../../shared/api/upload-file';

const news = operationsOf('news');

export interface NewsFilter {
  tag?: string;
  animeId?: number;
}

/** What the editor sends (POST /news, PUT /news/:id). */
export type NewsDraft = RequestOf<Operations['news']['create']>;

export function fetchNewsPage(page: number, filter: NewsFilter, limit = NEWS_PAGE_DEFAULT, signal?: AbortSignal): Promise<NewsPage> {
  return news.list({ page, limit, tag: filter.tag, animeId: filter.animeId }, { signal });
}

export async function fetchNews(idOrSlug: string, signal?: AbortSignal): Promise<NewsItem> {
  return (await news.get({ idOrSlug }, { signal })).data;
}

export const createNews = (draft: NewsDraft): Promise<NewsItem> => news.create(draft);

export const updateNews = (id: string, draft: NewsDraft): Promise<NewsItem> => news.update({ ...draft, id, slug: draft.slug || undefined });

export const deleteNews = (id: string) => news.delete({ id });

export const saveNewsSettings = (settings: NewsSettings): Promise<NewsSettings> => news.setSettings(settings);

/** Uploads a cover as multipart/form-data (field `file`); the server checks it by content and resizes it. */
export function uploadNewsCover(file: Blob, name = 'cover'): Promise<NewsCoverUpload> {
  return uploadFile<NewsCoverUpload>('/admin/news/covers', file, name);
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

export const newsSettingsQuery = () => queryOptions({ queryKey: newsKeys.settings, queryFn: ({ signal }) => news.settings({}, { signal }), staleTime: 0 });
