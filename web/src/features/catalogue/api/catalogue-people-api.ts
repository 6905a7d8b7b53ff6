import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnimeSort, AnimeSummary, CharacterDetails, CharacterSummary, SeiyuuDetails } from '@portal/contracts';
import type { ApiPage } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';
import { catalogueKeys, CATALOGUE_PAGE_SIZE, nextPageOf } from './catalogue-api';

/** Page size of the characters list (the API's default too). */
export const CHARACTERS_PAGE_SIZE = 20;

export interface CharacterListParams {
  search?: string;
  page?: number;
  limit?: number;
}

// Plain calls --------------------------------------------------------------------------------

const anime = operationsOf('anime');
const people = operationsOf('people');

/** One page of a genre's titles; an unknown genre rejects with a 404 ApiError. */
export function fetchGenreAnime(slug: string, params: { page: number; limit: number; sort?: AnimeSort }, signal?: AbortSignal): Promise<ApiPage<AnimeSummary>> {
  return anime.genre({ ...params, genre: slug }, { signal });
}

export function fetchCharacters(
  { search, page = 1, limit = CHARACTERS_PAGE_SIZE }: CharacterListParams,
  signal?: AbortSignal,
): Promise<ApiPage<CharacterSummary>> {
  return people.characters({ search: search?.trim() || undefined, page, limit }, { signal });
}

export function fetchCharacter(id: number | string, signal?: AbortSignal): Promise<CharacterDetails> {
  return people.character({ id }, { signal });
}

export function fetchSeiyuu(id: number | string, signal?: AbortSignal): Promise<SeiyuuDetails> {
  return people.seiyuu({ id }, { signal });
}

// Query keys and options (under catalogueKeys.all, so a catalogue-wide invalidation reaches them) --

export const peopleKeys = {
  genreAnime: (slug: string, sort: AnimeSort | undefined, limit: number) => [...catalogueKeys.all, 'genre', slug, { sort: sort ?? null, limit }] as const,
  characters: (params: CharacterListParams) =>
    [...catalogueKeys.all, 'characters', { search: params.search?.trim() ?? '', page: params.page ?? 1, limit: params.limit ?? CHARACTERS_PAGE_SIZE }] as const,
  character: (id: number | string) => [...catalogueKeys.all, 'character', String(id)] as const,
  seiyuu: (id: number | string) => [...catalogueKeys.all, 'seiyuu', String(id)] as const,
};

/** Pages of /api/genre/{slug} for useInfiniteQuery ("Показать ещё"). */
export const genreAnimeInfiniteQuery = (slug: string, sort?: AnimeSort, limit = CATALOGUE_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.genreAnime(slug, sort, limit),
    queryFn: ({ pageParam, signal }) => fetchGenreAnime(slug, { page: pageParam, limit, sort }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const charactersQuery = (params: CharacterListParams) =>
  queryOptions({
    queryKey: peopleKeys.characters(params),
    queryFn: ({ signal }) => fetchCharacters(params, signal),
    // Keeps the previous page on screen while the next one loads: no jump to a spinner between pages.
    placeholderData: keepPreviousData,
  });

export const characterQuery = (id: number | string) =>
  queryOptions({ queryKey: peopleKeys.character(id), queryFn: ({ signal }) => fetchCharacter(id, signal) });

export const seiyuuQuery = (id: number | string) => queryOptions({ queryKey: peopleKeys.seiyuu(id), queryFn: ({ signal }) => fetchSeiyuu(id, signal) });
