import { createHash } from 'node:crypto';
import { GENRES, type AnimeKind, type AnimeStatus, type Season } from '@portal/contracts';
import type { AnidbTitlesRecord, MergedAnimeRecord } from './source-records';

/** A catalogue row as the import writes it (column names as in the database). */
export interface ImportedAnime {
  id: number | null;
  source_key: string;
  source_hash: string;
  id_shiki: number | null;
  title: string;
  title_ru: string | null;
  title_romaji: string;
  title_en: string | null;
  title_ja: string | null;
  synonyms: string[];
  kind: AnimeKind | null;
  status: AnimeStatus;
  episodes: number | null;
  year: number | null;
  season: Season | null;
  start_date: string | null;
  end_date: string | null;
  score: number | null;
  popularity: number;
  genres: string[];
  adult: boolean;
  poster: string | null;
  official_site: string | null;
  external_ids: Record<string, unknown>;
  sources: string[];
}

/** The columns an import may write; an admin's or the metadata sync's edit locks a column against it. */
export const IMPORTED_COLUMNS = [
  'id_shiki',
  'title',
  'title_ru',
  'title_romaji',
  'title_en',
  'title_ja',
  'synonyms',
  'kind',
  'status',
  'episodes',
  'year',
  'season',
  'start_date',
  'end_date',
  'score',
  'popularity',
  'genres',
  'adult',
  'poster',
  'official_site',
  'external_ids',
  'sources',
] as const satisfies ReadonlyArray<keyof ImportedAnime>;

const GENRE_BY_ENGLISH = new Map(GENRES.map((genre) => [genre.nameEn.toLowerCase(), genre]));
const STATUS: Record<string, AnimeStatus> = { FINISHED: 'completed', ONGOING: 'ongoing', UPCOMING: 'announced' };
const SYNONYM_LANGUAGES = new Set(['ru', 'uk', 'en', 'ja', 'x-jat']);
const MAX_SYNONYMS = 24;

const positiveInt = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

const webUrl = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const url = value.trim().replace(/^http:\/\//, 'https://');
  return /^https:\/\/[^\s"'<>]+$/.test(url) ? url : null;
};

const isoDate = (value: string | null | undefined): string | null => {
  const match = value?.match(/^(\d{4}-\d{2}-\d{2})/);
  return match ? match[1] : null;
};

/** bangumi-data keeps some English titles in lower case ("attack on titan"). */
const englishTitle = (value: string | null | undefined): string | null => {
  const title = value?.trim();
  if (!title) return null;
  return title === title.toLowerCase() ? title.replace(/(^|[\s:-])(\p{Ll})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase()) : title;
};

function synonymsOf(anidb: AnidbTitlesRecord | undefined, mainNames: Array<string | null>): string[] {
  const taken = new Set(mainNames.filter(Boolean).map((name) => name!.toLowerCase()));
  const synonyms: string[] = [];
  for (const { lang, title } of anidb?.titles ?? []) {
    const key = title.trim().toLowerCase();
    if (!SYNONYM_LANGUAGES.has(lang) || !key || taken.has(key)) continue;
    taken.add(key);
    synonyms.push(title.trim());
    if (synonyms.length === MAX_SYNONYMS) break;
  }
  return synonyms;
}

/**
 * One source line to one catalogue row. The id is the MyAnimeList (= Shikimori) id for the title's
 * canonical row, so ids are stable across imports; duplicates (`#2` keys) and titles without one get
 * an id from the database's own range.
 */
export function toImportedAnime(record: MergedAnimeRecord, anidb: AnidbTitlesRecord | undefined): ImportedAnime {
  const malKey = record.key.match(/^myanimelist:(\d+)$/);
  const idShiki = positiveInt(record.ids.shikimori) ?? positiveInt(record.ids.myanimelist);
  const titleRu = anidb?.ru?.trim() || null;
  const titleEn = anidb?.en?.trim() || englishTitle(record.title_en);
  const titleJa = record.title_ja?.trim() || anidb?.ja?.trim() || null;
  const genres = (record.genres ?? []).map((name) => GENRE_BY_ENGLISH.get(name.toLowerCase())).filter((genre) => genre !== undefined);
  const row: Omit<ImportedAnime, 'source_hash'> = {
    id: malKey ? Number(malKey[1]) : null,
    source_key: record.key,
    id_shiki: idShiki,
    title: titleRu ?? record.title.trim(),
    title_ru: titleRu,
    title_romaji: record.title.trim(),
    title_en: titleEn,
    title_ja: titleJa,
    synonyms: synonymsOf(anidb, [titleRu, record.title, titleEn, titleJa]),
    kind: record.type ? (record.type.toLowerCase() as AnimeKind) : null,
    status: record.status ? STATUS[record.status] : 'completed',
    episodes: positiveInt(Array.isArray(record.episodes) ? record.episodes.filter((episode) => (episode.type ?? 0) === 0).length : record.episodes),
    year: record.year ?? null,
    season: record.season ? (record.season.toLowerCase() as Season) : null,
    start_date: isoDate(record.start_date),
    end_date: isoDate(record.end_date),
    score: record.score?.mal_2016 || record.score?.bgm || null,
    popularity: record.mal_members_2016 ?? 0,
    genres: [...new Set(genres.map((genre) => genre.slug))],
    adult: genres.some((genre) => genre.adult === true),
    poster: webUrl(record.poster),
    official_site: webUrl(record.official_site),
    external_ids: record.ids,
    sources: record.sources,
  };
  return { ...row, source_hash: createHash('sha1').update(JSON.stringify(row)).digest('hex') };
}
