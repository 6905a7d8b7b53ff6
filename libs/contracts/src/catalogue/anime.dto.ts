import type { z } from 'zod';
import type {
  animeCharacterRoleSchema,
  animeDetailsSchema,
  animePosterSchema,
  animeStatsSchema,
  animeSummarySchema,
  animeVideoSchema,
  characterDetailsSchema,
  characterSummarySchema,
  collectionDetailsSchema,
  collectionSchema,
  genreSchema,
  personSummarySchema,
  searchHitSchema,
  seiyuuDetailsSchema,
  suggestionSchema,
} from './catalogue.answers';
import type { collectionDeletedSchema, collectionUpdatedSchema, metadataSyncProgressSchema } from './catalogue-admin.answers';

/** Catalogue shapes shared by the catalogue service, the gateway and the web client. */

export const ANIME_KINDS = ['tv', 'movie', 'ova', 'ona', 'special', 'music'] as const;
export type AnimeKind = (typeof ANIME_KINDS)[number];

export const ANIME_STATUSES = ['announced', 'ongoing', 'completed'] as const;
export type AnimeStatus = (typeof ANIME_STATUSES)[number];

export const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;
export type Season = (typeof SEASONS)[number];

/** `new`: premieres that have started, newest first (what /anime/new lists); `year` also lists announced titles. */
export const ANIME_SORTS = ['popularity', 'score', 'new', 'year', 'title'] as const;
export type AnimeSort = (typeof ANIME_SORTS)[number];

/** What the public reads answer: the outputs of the schemas in catalogue.answers.ts. */
export type Genre = z.output<typeof genreSchema>;
/** What a list, a card or a search result needs. */
export type AnimeSummary = z.output<typeof animeSummarySchema>;
export type AnimeVideo = z.output<typeof animeVideoSchema>;
export type AnimeCharacterRole = z.output<typeof animeCharacterRoleSchema>;
/** The anime page. SPEC field names (imageUrl, rating, releaseYear, series, shikimori_*) are kept. */
export type AnimeDetails = z.output<typeof animeDetailsSchema>;
export type AnimeStats = z.output<typeof animeStatsSchema>;
export type AnimePoster = z.output<typeof animePosterSchema>;
export type SearchHit = z.output<typeof searchHitSchema>;
export type Suggestion = z.output<typeof suggestionSchema>;
export type CharacterSummary = z.output<typeof characterSummarySchema>;
export type PersonSummary = z.output<typeof personSummarySchema>;
export type CharacterDetails = z.output<typeof characterDetailsSchema>;
export type SeiyuuDetails = z.output<typeof seiyuuDetailsSchema>;
export type Collection = z.output<typeof collectionSchema>;
export type CollectionDetails = z.output<typeof collectionDetailsSchema>;
/** What the admin's collection writes answer the gateway: the covers as storage keys, for it to delete. */
export type CollectionUpdated = z.output<typeof collectionUpdatedSchema>;
export type CollectionDeleted = z.output<typeof collectionDeletedSchema>;

/** The Shikimori sync's queue and progress (the admin page). */
export type MetadataSyncProgress = z.output<typeof metadataSyncProgressSchema>;

export interface CatalogueImportReport {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: Array<{ line: number; key: string | null; reason: string }>;
}
