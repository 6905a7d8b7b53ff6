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

export interface Genre {
  /** Stable latin slug used in URLs: /genre/{slug}. */
  slug: string;
  name: string;
  nameEn: string;
  animeCount: number;
}

/** What a list, a card or a search result needs. */
export interface AnimeSummary {
  id: number;
  idShiki: number | null;
  title: string;
  titleRomaji: string;
  kind: AnimeKind | null;
  status: AnimeStatus;
  episodes: number | null;
  year: number | null;
  season: Season | null;
  score: number | null;
  genres: string[];
  /**
   * What to show, never empty: a poster on another host as the portal's own copy (`/api/anime/{id}/poster?v=`),
   * an own path (an upload) as it is, else the generated SVG poster of the title.
   */
  poster: string;
  /** The generated poster, for when `poster` fails to load in the browser. */
  fallbackPoster: string;
}

export interface AnimeVideo {
  name: string | null;
  kind: string;
  url: string;
  playerUrl: string | null;
}

export interface AnimeCharacterRole {
  character: CharacterSummary;
  role: 'main' | 'supporting';
  seiyuu: PersonSummary[];
}

/** The anime page. SPEC field names (imageUrl, rating, releaseYear, series, shikimori_*) are kept. */
export interface AnimeDetails extends AnimeSummary {
  _id: number;
  titleRu: string | null;
  titleEn: string | null;
  titleJa: string | null;
  synonyms: string[];
  description: string | null;
  /** The poster's own address (what an admin set, or the dataset's), else the generated poster. */
  imageUrl: string;
  background: string | null;
  rating: number | null;
  releaseYear: number | null;
  series: number | null;
  startDate: string | null;
  endDate: string | null;
  durationMinutes: number | null;
  popularity: number;
  officialSite: string | null;
  id_shiki: number | null;
  shikimori_score: number | null;
  shikimori_status_ru: string;
  shikimori_season: string | null;
  shikimori_year: number | null;
  shikimori_duration_3: number | null;
  shikimori_similar: AnimeSummary[];
  shikimori_videos: AnimeVideo[];
  characters: AnimeCharacterRole[];
  /** Episodes of its own the player can play (GET /anime/{id}/episodes); an iframe provider's are not counted. */
  episodesAvailable?: number;
  metadataSyncedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AnimeStats {
  animeId: number;
  statuses: Record<'planned' | 'watching' | 'completed' | 'on_hold' | 'dropped' | 'rewatching', number>;
  /** Votes per score 1..10. */
  scores: Record<string, number>;
  votes: number;
  averageScore: number | null;
}

export interface SearchHit extends AnimeSummary {
  /** Which of the title's names matched, for highlighting. */
  matchedName: string;
  relevance: number;
}

export interface Suggestion {
  id: number;
  title: string;
  matchedName: string;
  year: number | null;
  kind: AnimeKind | null;
  poster: string;
  fallbackPoster: string;
}

export interface CharacterSummary {
  id: number;
  name: string;
  nameRu: string | null;
  image: string | null;
}

export interface PersonSummary {
  id: number;
  name: string;
  nameRu: string | null;
  image: string | null;
}

export interface CharacterDetails extends CharacterSummary {
  nameJa: string | null;
  description: string | null;
  anime: Array<{ anime: AnimeSummary; role: 'main' | 'supporting' }>;
  seiyuu: PersonSummary[];
}

export interface SeiyuuDetails extends PersonSummary {
  nameJa: string | null;
  roles: Array<{ character: CharacterSummary; anime: AnimeSummary }>;
}

export interface Collection {
  id: number;
  title: string;
  description: string;
  cover: string | null;
  featured: boolean;
  animeCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CollectionDetails extends Collection {
  anime: AnimeSummary[];
}

export interface MetadataSyncProgress {
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
  syncedTitles: number;
  titlesWithShikimoriId: number;
  recentFailures: Array<{ jobId: string; shikimoriId: number; reason: string; attempts: number }>;
}

export interface CatalogueImportReport {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: Array<{ line: number; key: string | null; reason: string }>;
}
