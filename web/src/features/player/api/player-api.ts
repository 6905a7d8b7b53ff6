import type { ProgressPoint, ProgressSave, TrackChoice, TrackKind } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiUrl } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';
import { TITLE_PATHS } from '../../../shared/api/title-api';
import { tokenStorage } from '../../../shared/api/token-storage';

/** The player's own address; the title's addresses and reads (the progress read too) are shared (shared/api/title-api). */
const PROGRESS_PATH = TITLE_PATHS.progress;
/** The viewer's voice-over and subtitles per title (TRACK_CHOICE_OPERATIONS): GET and PUT /anime/:animeId/tracks. */
const trackChoices = operationsOf('trackChoices');

// Plain calls --------------------------------------------------------------------------------

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

// The voice-over and subtitles ------------------------------------------------------------------

export const trackChoiceKeys = {
  title: (animeId: number) => ['player', 'tracks', animeId] as const,
};

/**
 * A signed-in viewer's choice for a title: read once per title while the app runs (the next episode
 * reads the cache, which every save updates from the server's answer).
 */
export const trackChoiceQuery = (animeId: number) =>
  queryOptions({
    queryKey: trackChoiceKeys.title(animeId),
    queryFn: ({ signal }): Promise<TrackChoice> => trackChoices.get({ animeId }, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Remembers the viewer's pick (`name: null` turns subtitles off); answers the title's choice. */
export const chooseTrack = (body: { animeId: number; kind: TrackKind; name: string | null }): Promise<TrackChoice> => trackChoices.choose(body);
