import type { EpisodeTrack } from '@portal/contracts';
import type { EpisodeTrackRow } from './episode-tracks.repository';

export const toTrackView = (row: EpisodeTrackRow): EpisodeTrack => ({
  id: row.id,
  animeId: row.anime_id,
  number: row.number,
  kind: row.kind,
  name: row.name,
  team: row.team_id !== null && row.team_name !== null && row.team_kind !== null ? { id: row.team_id, name: row.team_name, kind: row.team_kind } : null,
  language: row.language,
  origin: row.origin,
  state: row.state,
  error: row.error,
  createdAt: row.created_at.toISOString(),
});
