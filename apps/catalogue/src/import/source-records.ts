import { z } from 'zod';

const id = z.union([z.number(), z.string()]);

/** One line of anime_catalog_merged.ndjson.gz (see data/README.md). Unknown fields are ignored. */
export const mergedAnimeRecordSchema = z.object({
  key: z.string().min(1),
  title: z.string().trim().min(1),
  title_ja: z.string().nullish(),
  title_en: z.string().nullish(),
  type: z.enum(['TV', 'MOVIE', 'OVA', 'ONA', 'SPECIAL', 'MUSIC']).nullish(),
  // 20 rows carry bangumi.tv's episode list instead of a count; type 0 marks a main episode.
  episodes: z.union([z.number().int().min(0), z.array(z.object({ type: z.number().nullish() }))]).nullish(),
  status: z.enum(['FINISHED', 'ONGOING', 'UPCOMING']).nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  year: z.number().int().min(1900).max(2100).nullish(),
  season: z.enum(['WINTER', 'SPRING', 'SUMMER', 'FALL']).nullish(),
  genres: z.array(z.string()).nullish(),
  score: z.object({ mal_2016: z.number().min(0).max(10).nullish(), bgm: z.number().min(0).max(10).nullish() }).nullish(),
  mal_members_2016: z.number().int().min(0).nullish(),
  poster: z.string().nullish(),
  official_site: z.string().nullish(),
  ids: z.record(z.string(), id.nullish()).default({}),
  sources: z.array(z.string()).default([]),
});
export type MergedAnimeRecord = z.infer<typeof mergedAnimeRecordSchema>;

/** One line of anidb_titles_*.ndjson.gz: every AniDB title of one anime. */
export const anidbTitlesRecordSchema = z.object({
  anidb_id: z.number().int(),
  main: z.string().nullish(),
  ru: z.string().nullish(),
  en: z.string().nullish(),
  ja: z.string().nullish(),
  titles: z.array(z.object({ type: z.string(), lang: z.string(), title: z.string() })).default([]),
});
export type AnidbTitlesRecord = z.infer<typeof anidbTitlesRecordSchema>;

const bgmPersonSchema = z.object({ bgm_person_id: z.number().int(), name: z.string().min(1), image: z.string().nullish() });

/** One line of bgm_characters_*.ndjson.gz: a bangumi.tv subject with its characters and voices. */
export const bgmCharactersRecordSchema = z.object({
  bgm_id: z.number().int(),
  characters: z.array(
    z.object({
      bgm_character_id: z.number().int(),
      name: z.string().min(1),
      name_cn: z.string().nullish(),
      role: z.string().nullish(),
      image: z.string().nullish(),
      actors: z.array(bgmPersonSchema).nullish(),
    }),
  ),
});
export type BgmCharactersRecord = z.infer<typeof bgmCharactersRecordSchema>;
