import type { EpisodeManagement, EpisodeSourceView, ManagedEpisode } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';
import type { EpisodeMarkers } from '../lib/episode-markers';
import { hasSourcesInWork } from '../lib/episodes-admin-format';

const uploads = operationsOf('episodeUploads');

/** While a source is queued or transcoding the screen reads the title's episodes again this often. */
export const POLL_INTERVAL_MS = 2000;

export const fetchEpisodeManagement = (animeId: number, signal?: AbortSignal): Promise<EpisodeManagement> => uploads.manage({ animeId }, { signal });
/** Stops a queued or running transcode (the file is kept for a retry). */
export const cancelEpisodeSource = (id: string): Promise<EpisodeSourceView> => uploads.cancel({ id });
/** Transcodes a failed or cancelled source again. */
export const retryEpisodeSource = (id: string): Promise<EpisodeSourceView> => uploads.retry({ id });
/** Publishes a transcoded episode, or hides it again. */
export const publishEpisode = (animeId: number, number: number, published: boolean): Promise<ManagedEpisode> => uploads.publish({ animeId, number, published });
/** Sets an episode's opening and ending by hand (null: it has none); detection leaves them alone from then on. */
export const setEpisodeMarkers = (animeId: number, number: number, { opening, ending }: EpisodeMarkers): Promise<ManagedEpisode> =>
  uploads.markers({ animeId, number, opening, ending });

export const episodesAdminKeys = {
  all: ['admin', 'episodes'] as const,
  manage: (animeId: number) => ['admin', 'episodes', animeId] as const,
};

/** The «Серии» screen: polled every 2 s while a source is in work, not at all otherwise (nor once the screen is gone). */
export const episodeManagementQuery = (animeId: number) =>
  queryOptions({
    queryKey: episodesAdminKeys.manage(animeId),
    queryFn: ({ signal }) => fetchEpisodeManagement(animeId, signal),
    staleTime: 0,
    refetchInterval: (query) => (hasSourcesInWork(query.state.data) ? POLL_INTERVAL_MS : false),
  });
