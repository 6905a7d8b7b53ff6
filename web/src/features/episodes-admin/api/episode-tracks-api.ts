import type { EpisodeTrack, EpisodeTrackList, ReleaseTeamKind, ReleaseTeamList } from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';
import { hasProcessingTracks } from '../lib/episode-tracks';
import { POLL_INTERVAL_MS } from './episodes-admin-api';

const tracks = operationsOf('episodeTracks');

/** An episode's voice-overs and subtitles, the source's streams first. */
export const fetchEpisodeTracks = (animeId: number, number: number, signal?: AbortSignal): Promise<EpisodeTrackList> =>
  tracks.list({ animeId, number }, { signal });
/** The release teams of a kind whose name starts with `prefix` (case-insensitive), for the team field's suggestions. */
export const fetchReleaseTeams = (kind: ReleaseTeamKind, prefix: string, signal?: AbortSignal): Promise<ReleaseTeamList> =>
  tracks.listTeams({ kind, q: prefix || undefined }, { signal });
/** Removes an added track (a source's stream cannot be: 409 with the reason). */
export const removeEpisodeTrack = (id: string): Promise<EpisodeTrack> => tracks.remove({ id });

export const episodeTracksKeys = {
  all: ['admin', 'episode-tracks'] as const,
  list: (animeId: number, number: number) => ['admin', 'episode-tracks', animeId, number] as const,
  teams: (kind: ReleaseTeamKind, prefix: string) => ['admin', 'release-teams', kind, prefix] as const,
};

/** The «Дорожки» dialog's list: read every 2 s while an added track is processing, not at all otherwise (nor once the dialog is closed). */
export const episodeTracksQuery = (animeId: number, number: number) =>
  queryOptions({
    queryKey: episodeTracksKeys.list(animeId, number),
    queryFn: ({ signal }) => fetchEpisodeTracks(animeId, number, signal),
    staleTime: 0,
    refetchInterval: (query) => (hasProcessingTracks(query.state.data) ? POLL_INTERVAL_MS : false),
  });

/** The team field's suggestions; the previous ones stay while the next prefix is read, so the list does not flicker. */
export const releaseTeamsQuery = (kind: ReleaseTeamKind, prefix: string) =>
  queryOptions({
    queryKey: episodeTracksKeys.teams(kind, prefix),
    queryFn: ({ signal }) => fetchReleaseTeams(kind, prefix, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
