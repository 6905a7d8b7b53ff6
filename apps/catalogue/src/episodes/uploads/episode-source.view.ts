import type { EpisodeSourceView, ManagedEpisode } from '@portal/contracts';
import { spanOf } from '../episode-span';
import type { EpisodeSourceRow, ManagedEpisodeRow } from './episode-sources.repository';

export const toSourceView = (row: EpisodeSourceRow): EpisodeSourceView => ({
  id: row.id,
  animeId: row.anime_id,
  number: row.number,
  fileName: row.file_name,
  sizeBytes: row.size_bytes,
  durationSeconds: row.duration_seconds,
  width: row.width,
  height: row.height,
  audioTracks: row.audio_tracks,
  state: row.state,
  progress: row.progress,
  etaSeconds: row.eta_seconds,
  error: row.error,
  qualities: row.qualities,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const toManagedEpisode = (row: ManagedEpisodeRow): ManagedEpisode => ({
  number: row.number,
  title: row.title,
  durationSeconds: row.duration_seconds,
  qualities: row.qualities,
  origin: row.origin,
  published: row.published,
  hlsUrl: row.hls_url,
  opening: spanOf(row.opening_start, row.opening_end),
  ending: spanOf(row.ending_start, row.ending_end),
  markersOrigin: row.markers_origin,
});
