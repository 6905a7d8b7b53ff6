import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnimeDetails, AnimeListQuery, AnimeStats, AnimeSummary, AnimeWrite, Collection, Genre, SearchHit, TitleTeams } from '@portal/contracts';
import { CATALOGUE_PAGE_SIZE, HOME_ROW_SIZE } from '@portal/contracts';
import type { ApiPage } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';

/** Largest page the list endpoints accept. */
export const ANIME_PAGE_LIMIT_MAX = 50;
/** Page size of the catalogue's infinite list, and titles in a home-page row (shared with the gateway's page shells). */
export { CATALOGUE_PAGE_SIZE, HOME_ROW_SIZE };

export type AnimePage = ApiPage<AnimeSummary>;

export interface PageParams {
  page?: number;
  limit?: number;
}

/** Drops empty values so equal filters share one query key and one URL. */
function compact<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<T>;
}

// Plain calls --------------------------------------------------------------------------------

const anime = operationsOf('anime');
const animeAdmin = operationsOf('animeAdmin');
const collections = operationsOf('collections');
const episodeTracks = operationsOf('episodeTracks');

export function fetchAnimeList(params: AnimeListQuery = {}, signal?: AbortSignal): Promise<AnimePage> {
  return anime.list(compact(params), { signal });
}

export function fetchPopularAnime(params: PageParams = {}, signal?: AbortSignal): Promise<AnimePage> {
  return anime.popular(compact(params), { signal });
}

export function fetchTopAnime(params: PageParams = {}, signal?: AbortSignal): Promise<AnimePage> {
  return anime.top(compact(params), { signal });
}

export function fetchNewAnime(params: PageParams = {}, signal?: AbortSignal): Promise<AnimePage> {
  return anime.new(compact(params), { signal });
}

/** Typo-tolerant search over every name of a title (Russian, English, romaji, Japanese). */
export function searchAnime(title: string, limit?: number, signal?: AbortSignal): Promise<SearchHit[]> {
  return anime.search({ title, limit }, { signal });
}

/** A title's list-status counts and score distribution. */
export function fetchAnimeStats(id: number | string, signal?: AbortSignal): Promise<AnimeStats> {
  return anime.stats({ id }, { signal });
}

/** The voice-over and subtitle teams of a title's published episodes (ready tracks only). */
export function fetchTitleTeams(animeId: number, signal?: AbortSignal): Promise<TitleTeams> {
  return episodeTracks.titleTeams({ animeId }, { signal });
}

export function fetchGenres(signal?: AbortSignal): Promise<Genre[]> {
  return anime.genres({}, { signal });
}

export function fetchFeaturedCollections(signal?: AbortSignal): Promise<Collection[]> {
  return collections.featured({}, { signal });
}

/** Admin only: a partial update; rejects with field errors (400) on bad input. */
export function patchAnime(id: number | string, body: AnimeWrite): Promise<AnimeDetails> {
  return animeAdmin.patch({ ...body, id });
}

// Query keys and options ---------------------------------------------------------------------

/**
 * Every catalogue query key starts with "catalogue": invalidating `catalogueKeys.all` refreshes them all.
 * A title's page is not here: it is the shared `titleQuery` (shared/api/title-api), one entry for every feature.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  lists: () => [...catalogueKeys.all, 'list'] as const,
  list: (params: AnimeListQuery) => [...catalogueKeys.lists(), compact(params)] as const,
  infiniteList: (params: AnimeListQuery) => [...catalogueKeys.lists(), 'infinite', compact(params)] as const,
  popular: (params: PageParams) => [...catalogueKeys.all, 'popular', compact(params)] as const,
  top: (params: PageParams) => [...catalogueKeys.all, 'top', compact(params)] as const,
  fresh: (params: PageParams) => [...catalogueKeys.all, 'new', compact(params)] as const,
  search: (title: string, limit?: number) => [...catalogueKeys.all, 'search', title, limit ?? null] as const,
  stats: (id: number | string) => [...catalogueKeys.all, 'anime', String(id), 'stats'] as const,
  teams: (id: number) => [...catalogueKeys.all, 'anime', String(id), 'teams'] as const,
  genres: () => [...catalogueKeys.all, 'genres'] as const,
  featuredCollections: () => [...catalogueKeys.all, 'collections', 'featured'] as const,
};

export const animeListQuery = (params: AnimeListQuery = {}) =>
  queryOptions({
    queryKey: catalogueKeys.list(params),
    queryFn: ({ signal }) => fetchAnimeList(params, signal),
    placeholderData: keepPreviousData,
  });

/** Pages of /api/anime for useInfiniteQuery; `page` and `limit` of params are managed here. */
export const animeListInfiniteQuery = (params: Omit<AnimeListQuery, 'page'> = {}, limit = CATALOGUE_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.infiniteList({ ...params, limit }),
    queryFn: ({ pageParam, signal }) => fetchAnimeList({ ...params, limit, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** The next page number, or undefined when the last page has been loaded. */
export function nextPageOf(last: ApiPage<unknown>): number | undefined {
  if (last.items.length === 0) return undefined;
  const loaded = (last.page - 1) * last.limit + last.items.length;
  return loaded < last.total ? last.page + 1 : undefined;
}

export const popularAnimeQuery = (params: PageParams = { limit: HOME_ROW_SIZE }) =>
  queryOptions({ queryKey: catalogueKeys.popular(params), queryFn: ({ signal }) => fetchPopularAnime(params, signal) });

export const topAnimeQuery = (params: PageParams = { limit: HOME_ROW_SIZE }) =>
  queryOptions({ queryKey: catalogueKeys.top(params), queryFn: ({ signal }) => fetchTopAnime(params, signal) });

export const newAnimeQuery = (params: PageParams = { limit: HOME_ROW_SIZE }) =>
  queryOptions({ queryKey: catalogueKeys.fresh(params), queryFn: ({ signal }) => fetchNewAnime(params, signal) });

export const searchAnimeQuery = (title: string, limit?: number) =>
  queryOptions({
    queryKey: catalogueKeys.search(title, limit),
    queryFn: ({ signal }) => searchAnime(title, limit, signal),
    enabled: title.trim().length > 0,
  });

export const animeStatsQuery = (id: number | string) =>
  queryOptions({ queryKey: catalogueKeys.stats(id), queryFn: ({ signal }) => fetchAnimeStats(id, signal) });

/** The title page's «Озвучка: … · Субтитры: …» line; a failure is not retried (the line is left out). */
export const titleTeamsQuery = (animeId: number) =>
  queryOptions({ queryKey: catalogueKeys.teams(animeId), queryFn: ({ signal }) => fetchTitleTeams(animeId, signal), retry: false });

export const genresQuery = () => queryOptions({ queryKey: catalogueKeys.genres(), queryFn: ({ signal }) => fetchGenres(signal), staleTime: 30 * 60_000 });

export const featuredCollectionsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.featuredCollections(),
    queryFn: ({ signal }) => fetchFeaturedCollections(signal),
  });
