import { queryOptions } from '@tanstack/react-query';
import type { AnimeListEntry, AnimeRatingSummary, ContinueWatchingItem, ListStatusUpdate, RatingUpdate } from '@portal/contracts';
import { LIST_QUERY_ROOTS, TITLE_PATHS } from '../../../shared/api/title-api';
import { apiRequest } from '../../../shared/api/http-client';

/**
 * Every address the library calls, in one place (a path change is a one-line fix). The player has the
 * list-status PUT too (features may not import each other, web/eslint-layers.js).
 */
export const LIBRARY_PATHS = {
  status: TITLE_PATHS.listStatus,
  entry: (animeId: number | string) => `/users/anime/${encodeURIComponent(String(animeId))}`,
  rating: '/rating',
  continueWatching: '/progress/continue',
} as const;

/** Cards in the home page's "Продолжить просмотр" row. */
export const CONTINUE_WATCHING_LIMIT = 12;

// Plain calls --------------------------------------------------------------------------------

/** The viewer's entry for one title, or null when it is not in their list. */
export async function fetchListEntry(animeId: number | string, signal?: AbortSignal): Promise<AnimeListEntry | null> {
  return (await apiRequest<AnimeListEntry | null>(LIBRARY_PATHS.entry(animeId), { signal })) ?? null;
}

export function updateListStatus(body: ListStatusUpdate): Promise<AnimeListEntry> {
  return apiRequest<AnimeListEntry>(LIBRARY_PATHS.status, { method: 'PUT', body });
}

export function removeFromList(animeId: number | string): Promise<{ animeId: number; removed: true }> {
  return apiRequest(LIBRARY_PATHS.entry(animeId), { method: 'DELETE' });
}

export function rateAnime(body: RatingUpdate): Promise<AnimeRatingSummary> {
  return apiRequest<AnimeRatingSummary>(LIBRARY_PATHS.rating, { method: 'POST', body });
}

export function fetchContinueWatching(limit = CONTINUE_WATCHING_LIMIT, signal?: AbortSignal): Promise<ContinueWatchingItem[]> {
  return apiRequest<ContinueWatchingItem[]>(LIBRARY_PATHS.continueWatching, { query: { limit }, signal });
}

// Query keys and options ---------------------------------------------------------------------

/** Every library key starts with the shared list root (the player and imports invalidate it). */
export const libraryKeys = {
  all: LIST_QUERY_ROOTS.library,
  entry: (animeId: number | string) => [...libraryKeys.all, 'entry', String(animeId)] as const,
  continueWatching: (limit: number) => [...libraryKeys.all, 'continue', limit] as const,
};

export const listEntryQuery = (animeId: number | string) =>
  queryOptions({ queryKey: libraryKeys.entry(animeId), queryFn: ({ signal }) => fetchListEntry(animeId, signal) });

/** Always read again on the home page: the viewer has usually just come back from the player. */
export const continueWatchingQuery = (limit = CONTINUE_WATCHING_LIMIT) =>
  queryOptions({
    queryKey: libraryKeys.continueWatching(limit),
    queryFn: ({ signal }) => fetchContinueWatching(limit, signal),
    staleTime: 0,
  });
