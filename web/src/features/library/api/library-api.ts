import type { AnimeRatingSummary, RatingUpdate } from '@portal/contracts';
import { LIST_QUERY_ROOTS, TITLE_PATHS, titleKeys } from '../../../shared/api/title-api';
import { apiRequest } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';

/**
 * Every address the library calls, in one place (a path change is a one-line fix). Those the player
 * calls too are shared (shared/api/title-api: features may not import each other, web/eslint-layers.js),
 * the status PUT with its call too (putListStatus).
 */
export const LIBRARY_PATHS = {
  progress: TITLE_PATHS.progress,
} as const;

const lists = operationsOf('lists');

// Plain calls --------------------------------------------------------------------------------

export function removeFromList(animeId: number): Promise<{ animeId: number; removed: true }> {
  return lists.remove({ animeId });
}

export function rateAnime(body: RatingUpdate): Promise<AnimeRatingSummary> {
  return lists.rate(body);
}

/** Forgets every saved position of a title: it leaves "Продолжить просмотр". */
export function forgetProgress(animeId: number): Promise<{ deleted: boolean }> {
  return apiRequest(LIBRARY_PATHS.progress, { method: 'DELETE', query: { animeId } });
}

// Query keys and options ---------------------------------------------------------------------

/** Every library key starts with the shared list root (every list change invalidates it: invalidateListViews). */
export const libraryKeys = {
  all: LIST_QUERY_ROOTS.library,
  entry: titleKeys.listEntry,
};
