import { z } from 'zod';
import { LIST_STATUSES } from '../community/library.dto';
import { isoDateTime } from '../validation/answer.schemas';
import { ANIME_KINDS, ANIME_STATUSES, SEASONS } from './anime.dto';

// What the catalogue's public reads answer (catalogue.operations.ts); the types in anime.dto.ts are these schemas' outputs.

const count = z.number().int();
const castRole = z.enum(['main', 'supporting']);

export const genreSchema = z.object({
  /** Stable latin slug used in URLs: /genre/{slug}. */
  slug: z.string(),
  name: z.string(),
  nameEn: z.string(),
  animeCount: count,
});

/** What a list, a card or a search result needs. */
export const animeSummarySchema = z.object({
  id: z.number().int(),
  idShiki: z.number().int().nullable(),
  title: z.string(),
  titleRomaji: z.string(),
  kind: z.enum(ANIME_KINDS).nullable(),
  status: z.enum(ANIME_STATUSES),
  episodes: count.nullable(),
  year: z.number().int().nullable(),
  season: z.enum(SEASONS).nullable(),
  /** 0..10, two decimals. */
  score: z.number().nullable(),
  genres: z.array(z.string()),
  /**
   * What to show, never empty: a poster on another host as the portal's own copy (`/api/anime/{id}/poster?v=`),
   * an own path (an upload) as it is, else the generated SVG poster of the title.
   */
  poster: z.string(),
  /** The generated poster, for when `poster` fails to load in the browser. */
  fallbackPoster: z.string(),
});

export const animeVideoSchema = z.object({
  name: z.string().nullable(),
  kind: z.string(),
  url: z.string(),
  playerUrl: z.string().nullable(),
});

export const characterSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameRu: z.string().nullable(),
  image: z.string().nullable(),
});

export const personSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameRu: z.string().nullable(),
  image: z.string().nullable(),
});

export const animeCharacterRoleSchema = z.object({
  character: characterSummarySchema,
  role: castRole,
  seiyuu: z.array(personSummarySchema),
});

/** The anime page. SPEC field names (imageUrl, rating, releaseYear, series, shikimori_*) are kept. */
export const animeDetailsSchema = animeSummarySchema.extend({
  _id: z.number().int(),
  titleRu: z.string().nullable(),
  titleEn: z.string().nullable(),
  titleJa: z.string().nullable(),
  synonyms: z.array(z.string()),
  description: z.string().nullable(),
  /** The poster's own address (what an admin set, or the dataset's), else the generated poster. */
  imageUrl: z.string(),
  background: z.string().nullable(),
  rating: z.number().nullable(),
  releaseYear: z.number().int().nullable(),
  series: count.nullable(),
  /** A calendar date, `YYYY-MM-DD`. */
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date().nullable(),
  durationMinutes: z.number().int().nullable(),
  popularity: z.number().int(),
  officialSite: z.string().nullable(),
  id_shiki: z.number().int().nullable(),
  shikimori_score: z.number().nullable(),
  shikimori_status_ru: z.string(),
  shikimori_season: z.string().nullable(),
  shikimori_year: z.number().int().nullable(),
  shikimori_duration_3: z.number().int().nullable(),
  shikimori_similar: z.array(animeSummarySchema),
  shikimori_videos: z.array(animeVideoSchema),
  characters: z.array(animeCharacterRoleSchema),
  /** Episodes of its own the player can play (GET /anime/{id}/episodes); an iframe provider's are not counted. Left out by an admin's write. */
  episodesAvailable: count.optional(),
  metadataSyncedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const animeStatsSchema = z.object({
  animeId: z.number().int(),
  statuses: z.record(z.enum(LIST_STATUSES), count),
  /** Votes per score 1..10. */
  scores: z.record(z.string(), count),
  votes: count,
  averageScore: z.number().nullable(),
});

/** What the gateway's poster routes need, in one read: the generated SVG, and where the title's own poster is (its `imageUrl`). */
export const animePosterSchema = z.object({ id: z.number().int(), svg: z.string(), source: z.string() });

export const searchHitSchema = animeSummarySchema.extend({
  /** Which of the title's names matched, for highlighting. */
  matchedName: z.string(),
  relevance: z.number(),
});

export const suggestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  matchedName: z.string(),
  year: z.number().int().nullable(),
  kind: z.enum(ANIME_KINDS).nullable(),
  poster: z.string(),
  fallbackPoster: z.string(),
});

export const characterDetailsSchema = characterSummarySchema.extend({
  nameJa: z.string().nullable(),
  description: z.string().nullable(),
  anime: z.array(z.object({ anime: animeSummarySchema, role: castRole })),
  seiyuu: z.array(personSummarySchema),
});

export const seiyuuDetailsSchema = personSummarySchema.extend({
  nameJa: z.string().nullable(),
  roles: z.array(z.object({ character: characterSummarySchema, anime: animeSummarySchema })),
});

export const collectionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** `/uploads/collections/…`, or null without a cover. */
  cover: z.string().nullable(),
  featured: z.boolean(),
  animeCount: count,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const collectionDetailsSchema = collectionSchema.extend({ anime: z.array(animeSummarySchema) });
