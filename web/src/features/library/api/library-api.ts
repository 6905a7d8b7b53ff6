import type { AnimeRatingSummary, RatingUpdate } from '@portal/contracts';
import { LIST_QUERY_ROOTS, titleKeys } from '../../../shared/api/title-api';
import { operationsOf } from '../../../shared/api/operations-client';

// The calls the player makes too are shared (shared/api/title-api: features may not import each other,
// web/eslint-layers.js), the status PUT with its call too (putListStatus).
const lists = operationsOf('lists');
const progress = operationsOf('progress');

// Plain calls --------------------------------------------------------------------------------

export function removeFromList(animeId: number): Promise<{ animeId: number; removed: true }> {
  return lists.remove({ animeId });
}

export function rateAnime(body: RatingUpdate): Promise<AnimeRatingSummary> {
  return lists.rate(body);
}

/** Forgets every saved position of a title: it leaves "Продолжить просмотр". */
export function forgetProgress(animeId: number): Promise<{ deleted: boolean }> {
  return progress.delete({ animeId });
}

// Query keys and options ---------------------------------------------------------------------

/** Every library key starts with the shared list root (every list change invalidates it: invalidateListViews). */
export const libraryKeys = {
  all: LIST_QUERY_ROOTS.library,
  entry: titleKeys.listEntry,
};
