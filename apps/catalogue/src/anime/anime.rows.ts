import type { AnimeKind, AnimeStatus, Season } from '@portal/contracts';

/** The columns of a list item, as selected by SUMMARY_COLUMNS. */
export interface AnimeSummaryRow {
  id: number;
  id_shiki: number | null;
  title: string;
  title_romaji: string;
  kind: AnimeKind | null;
  status: AnimeStatus;
  episodes: number | null;
  year: number | null;
  season: Season | null;
  score: number | null;
  genres: string[];
  poster: string | null;
  updated_at: Date;
}

export interface AnimeRow extends AnimeSummaryRow {
  source_key: string | null;
  title_ru: string | null;
  title_en: string | null;
  title_ja: string | null;
  synonyms: string[];
  description: string | null;
  duration_minutes: number | null;
  start_date: string | Date | null;
  end_date: string | Date | null;
  popularity: number;
  adult: boolean;
  background: string | null;
  official_site: string | null;
  similar_ids: number[];
  videos: Array<{ name: string | null; kind: string; url: string; player_url: string | null }>;
  metadata_synced_at: Date | null;
  created_at: Date;
}
