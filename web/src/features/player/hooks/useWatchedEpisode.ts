import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { invalidateListViews, putListStatus } from '../../../shared/api/title-api';
import { isWatchedAt } from '../lib/episode-spans';
import type { VideoState } from './useVideoState';
import type { AnimeListEntry, EpisodeSpan } from '@portal/contracts';

export interface WatchedEpisodeOptions {
  animeId: number;
  episode: number;
  ending: EpisodeSpan | null;
  enabled: boolean;
}

/** Records one episode in the viewer's list (PUT /users/anime/status with watchedEpisode) and refreshes every view of their lists. */
export function useRecordWatchedEpisode(): (animeId: number, episode: number) => Promise<AnimeListEntry> {
  const queryClient = useQueryClient();
  return useCallback(
    async (animeId, episode) => {
      // The server adds the episode to the entry (status "Смотрю", or "Просмотрено" at the last one).
      const entry = await putListStatus({ animeId, watchedEpisode: episode });
      void invalidateListViews(queryClient);
      return entry;
    },
    [queryClient],
  );
}

/**
 * Records the episode once when its ending starts or it plays to the end. A failure is retried at the
 * next crossing, quietly.
 */
export function useWatchedEpisode(state: Pick<VideoState, 'time' | 'duration' | 'ended'>, { animeId, episode, ending, enabled }: WatchedEpisodeOptions) {
  const record = useRecordWatchedEpisode();
  const recorded = useRef<'no' | 'sending' | 'yes'>('no');
  const watched = state.ended || isWatchedAt(state.time, state.duration, ending);
  useEffect(() => {
    if (!enabled || !watched || recorded.current !== 'no') return;
    recorded.current = 'sending';
    record(animeId, episode)
      .then(() => {
        recorded.current = 'yes';
      })
      .catch(() => {
        recorded.current = 'no';
      });
  }, [enabled, watched, animeId, episode, record]);
}
