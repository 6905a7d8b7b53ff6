import { SEASON_LABELS, STATUS_LABELS, type AnimeCharacterRole, type AnimeDetails, type AnimeSummary, type Suggestion, type TitleRef } from '@portal/contracts';
import type { AnimeRow, AnimeSummaryRow } from './anime.rows';

const versionOf = (row: Pick<AnimeSummaryRow, 'updated_at'>) => Math.floor(new Date(row.updated_at).getTime() / 1000);

/** The generated poster: versioned by the row's last change, so an edited title gets a new image. */
export const generatedPosterUrl = (row: Pick<AnimeSummaryRow, 'id' | 'updated_at'>) => `/api/anime/${row.id}/poster.svg?v=${versionOf(row)}`;

/** The poster's own address (an admin's, the dataset's), else the generated one's: details' `imageUrl`. */
export const posterSource = (row: Pick<AnimeSummaryRow, 'id' | 'updated_at' | 'poster'>) => row.poster ?? generatedPosterUrl(row);

/**
 * What clients show: a poster on another host goes through the gateway's own-origin poster route
 * (fetched once, made small, the generated one when it cannot be had), versioned like the generated one;
 * an own path (an upload) as it is; none, the generated poster.
 */
function shownPosterUrl(row: Pick<AnimeSummaryRow, 'id' | 'updated_at' | 'poster'>, fallbackPoster: string): string {
  if (!row.poster) return fallbackPoster;
  return /^https?:\/\//i.test(row.poster) ? `/api/anime/${row.id}/poster?v=${versionOf(row)}` : row.poster;
}

export function toAnimeSummary(row: AnimeSummaryRow): AnimeSummary {
  const fallbackPoster = generatedPosterUrl(row);
  return {
    id: row.id,
    idShiki: row.id_shiki,
    title: row.title,
    titleRomaji: row.title_romaji,
    kind: row.kind,
    status: row.status,
    episodes: row.episodes,
    year: row.year,
    season: row.season,
    score: row.score,
    genres: row.genres,
    poster: shownPosterUrl(row, fallbackPoster),
    fallbackPoster,
  };
}

/** The title as other services keep it (the community's lists). */
export function toTitleRef(row: AnimeSummaryRow): TitleRef {
  const { id, title, poster, fallbackPoster, episodes, kind, year, idShiki } = toAnimeSummary(row);
  return { id, title, poster, fallbackPoster, episodes, kind, year, idShiki };
}

export function toSuggestion(row: AnimeSummaryRow, matchedName: string): Suggestion {
  const { id, title, year, kind, poster, fallbackPoster } = toAnimeSummary(row);
  return { id, title, matchedName, year, kind, poster, fallbackPoster };
}

const dateOnly = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export function toAnimeDetails(row: AnimeRow, related: { similar: AnimeSummaryRow[]; characters: AnimeCharacterRole[] }): AnimeDetails {
  const summary = toAnimeSummary(row);
  return {
    ...summary,
    _id: row.id,
    titleRu: row.title_ru,
    titleEn: row.title_en,
    titleJa: row.title_ja,
    synonyms: row.synonyms,
    description: row.description,
    // The poster's own address (what an admin set, or the dataset's), for API clients and the edit form.
    imageUrl: posterSource(row),
    background: row.background,
    rating: row.score,
    releaseYear: row.year,
    series: row.episodes,
    startDate: dateOnly(row.start_date),
    endDate: dateOnly(row.end_date),
    durationMinutes: row.duration_minutes,
    popularity: row.popularity,
    officialSite: row.official_site,
    id_shiki: row.id_shiki,
    shikimori_score: row.score,
    shikimori_status_ru: STATUS_LABELS[row.status],
    shikimori_season: row.season && row.year ? `${SEASON_LABELS[row.season]} ${row.year}` : null,
    shikimori_year: row.year,
    shikimori_duration_3: row.duration_minutes,
    shikimori_similar: related.similar.map(toAnimeSummary),
    shikimori_videos: row.videos.map((video) => ({ name: video.name, kind: video.kind, url: video.url, playerUrl: video.player_url })),
    characters: related.characters,
    metadataSyncedAt: row.metadata_synced_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
