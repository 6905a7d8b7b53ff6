import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LIST_QUERY_ROOTS } from '../../../shared/api/title-api';
import { recordWatchedEpisode } from '../api/player-api';
import { isWatchedAt } from '../lib/episode-spans';
import type { VideoState } from './useVideoState';
import type { EpisodeSpan } from '@portal/contracts';

export interface WatchedEpisodeOptions {
  animeId: number;
  episode: number;
  ending: EpisodeSpan | null;
  enabled: boolean;
}

/**
 * Records the episode in the viewer's list once (PUT /users/anime/status with watchedEpisode) when
 * its ending starts or it plays to the end. A failure is retried at the next crossing, quietly.
 */
export function useWatchedEpisode(state: Pick<VideoState, 'time' | 'duration' | 'ended'>, { animeId, episode, ending, enabled }: WatchedEpisodeOptions) {
  const queryClient = useQueryClient();
  const recorded = useRef<'no' | 'sending' | 'yes'>('no');
  const watched = state.ended || isWatchedAt(state.time, state.duration, ending);
  useEffect(() => {
    if (!enabled || !watched || recorded.current !== 'no') return;
    recorded.current = 'sending';
    recordWatchedEpisode(animeId, episode)
      .then(() => {
        recorded.current = 'yes';
        Object.values(LIST_QUERY_ROOTS).forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
      })
      .catch(() => {
        recorded.current = 'no';
      });
  }, [enabled, watched, animeId, episode, queryClient]);
}
