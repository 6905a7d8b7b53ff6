import type { AnimeListEntry, AnimeRef, TitleRef } from '@portal/contracts';
import { toStoredRef, type AnimeRefRow } from '../anime-refs/anime-refs.repository';
import type { EntryRow, EntryWithRefRow } from './list-entries.repository';

export const animeRefOf = ({ id, title, poster, fallbackPoster, episodes, kind, year }: TitleRef): AnimeRef => ({
  id,
  title,
  poster,
  fallbackPoster,
  episodes,
  kind,
  year,
});

export const toListEntry = (row: EntryRow, ref: TitleRef | AnimeRefRow): AnimeListEntry => ({
  animeId: row.anime_id,
  status: row.status,
  progress: row.progress,
  userRating: row.user_rating,
  watchedEpisodes: row.watched_episodes,
  rewatches: row.rewatches,
  anime: animeRefOf('fallback_poster' in ref ? toStoredRef(ref) : ref),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export const toListEntryWithRef = (row: EntryWithRefRow) => toListEntry(row, row.ref);
