import { z } from 'zod';
import { ANIME_KINDS, ANIME_STATUSES, SEASONS } from '@portal/contracts';

/** The columns of a list item, as selected by SUMMARY_COLUMNS. */
export const AnimeSummaryRow = z.object({
  id: z.number().int(),
  id_shiki: z.number().int().nullable(),
  title: z.string(),
  title_romaji: z.string(),
  kind: z.enum(ANIME_KINDS).nullable(),
  status: z.enum(ANIME_STATUSES),
  episodes: z.number().int().nullable(),
  year: z.number().int().nullable(),
  season: z.enum(SEASONS).nullable(),
  score: z.number().nullable(),
  genres: z.array(z.string()),
  poster: z.string().nullable(),
  updated_at: z.date(),
});
export type AnimeSummaryRow = z.output<typeof AnimeSummaryRow>;

/** A video of a title (the `videos` jsonb), as the metadata sync writes it (VideoMetadata). */
const AnimeVideoRow = z.object({
  name: z.string().nullable(),
  kind: z.string(),
  url: z.string(),
  player_url: z.string().nullable(),
});

export const AnimeRow = AnimeSummaryRow.extend({
  source_key: z.string().nullable(),
  title_ru: z.string().nullable(),
  title_en: z.string().nullable(),
  title_ja: z.string().nullable(),
  synonyms: z.array(z.string()),
  description: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  /** A `date`: the catalogue reads dates as "YYYY-MM-DD" strings (catalogue-app.module.ts). */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  popularity: z.number().int(),
  adult: z.boolean(),
  background: z.string().nullable(),
  official_site: z.string().nullable(),
  similar_ids: z.array(z.number().int()),
  videos: z.array(AnimeVideoRow),
  metadata_synced_at: z.date().nullable(),
  created_at: z.date(),
});
export type AnimeRow = z.output<typeof AnimeRow>;
