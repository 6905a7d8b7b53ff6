import { queryOptions } from '@tanstack/react-query';
import type { AnimeListEntry, ProgressPoint, ProgressSave } from '@portal/contracts';
import { apiRequest, apiUrl } from '../../../shared/api/http-client';
import { TITLE_PATHS } from '../../../shared/api/title-api';
import { tokenStorage } from '../../../shared/api/token-storage';

/** The player's own address; the title's addresses are shared (shared/api/title-api). */
const PROGRESS_PATH = TITLE_PATHS.progress;

// Plain calls --------------------------------------------------------------------------------

/** The saved point of one episode, or without `episode` the latest point of the title; null when none. */
export async function fetchProgress(animeId: number | string, episode?: number, signal?: AbortSignal): Promise<ProgressPoint | null> {
  const point = await apiRequest<ProgressPoint | null>(PROGRESS_PATH, { query: { animeId, episode }, signal });
  return point ?? null;
}

export function saveProgress(body: ProgressSave): Promise<ProgressPoint> {
  return apiRequest<ProgressPoint>(PROGRESS_PATH, { method: 'POST', body });
}

/**
 * The save sent while the page goes away: `keepalive` lets it outlive the page, and unlike
 * sendBeacon it can carry the bearer token. Nobody waits for its answer.
 */
export function saveProgressOnLeave(body: ProgressSave, sessionToken: string | null = null): void {
  const token = sessionToken ?? tokenStorage.getToken();
  if (!token) return;
  try {
    void fetch(apiUrl(PROGRESS_PATH), {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // A browser refusing keepalive (body quota) must not break unloading.
  }
}

/** Marks one episode watched: the server adds it to the list entry (status "Смотрю", or "Просмотрено" at the last one). */
export function recordWatchedEpisode(animeId: number, episode: number): Promise<AnimeListEntry> {
  return apiRequest<AnimeListEntry>(TITLE_PATHS.listStatus, { method: 'PUT', body: { animeId, watchedEpisode: episode } });
}

// Query keys and options ---------------------------------------------------------------------

export const playerKeys = {
  all: ['player'] as const,
  progress: (animeId: number | string, episode?: number) => [...playerKeys.all, 'progress', String(animeId), episode ?? 'latest'] as const,
};


/** Always fresh: the point may have moved on another device a minute ago. */
export const progressQuery = (animeId: number | string, episode?: number) =>
  queryOptions({
    queryKey: playerKeys.progress(animeId, episode),
    queryFn: ({ signal }) => fetchProgress(animeId, episode, signal),
    staleTime: 0,
  });
