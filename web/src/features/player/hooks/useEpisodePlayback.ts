import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { episodesQuery, progressQuery, titleQuery } from '../../../shared/api/title-api';
import { trackChoiceQuery } from '../../../shared/api/title-api';

/**
 * What a player page needs before the stream attaches: the title, its episodes and the viewer's saved
 * point. The point is read fresh on every visit (gcTime 0: the position saved when the page was left
 * must win over a cached one) and once: the resume decision is made before the stream attaches.
 */
export function useEpisodePlayback(animeId: number, episodeNumber: number | null) {
  const { user, status } = useSession();
  const episodes = useQuery(episodesQuery(animeId));
  const anime = useQuery(titleQuery(animeId));
  const progress = useQuery({
    ...progressQuery(animeId, episodeNumber ?? 0),
    enabled: Boolean(user) && episodeNumber !== null,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // The voice-over and subtitles chosen for the title, asked beside the episodes: known before hls.js
  // reports the tracks, the chosen voice-over loads instead of the default one first (hooks/useTrackChoice).
  const queryClient = useQueryClient();
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) void queryClient.prefetchQuery(trackChoiceQuery(animeId));
  }, [queryClient, signedIn, animeId]);
  // The resume point needs the viewer: nothing is decided before the session check.
  const loading = status === 'checking' || episodes.isPending || (progress.isPending && progress.fetchStatus === 'fetching');
  return { user, episodes, anime, progress, loading };
}
