import {
  ANIME_KINDS,
  ANIME_SORTS,
  ANIME_STATUSES,
  CATALOGUE_DEFAULT_SORT,
  SEASONS,
  type AnimeKind,
  type AnimeListQuery,
  type AnimeSort,
  type AnimeStatus,
  type Season,
} from '@portal/contracts';

/** The catalogue's filters as they live in the URL query string (page and limit are the list's business). */
export interface CatalogueFilters {
  genre?: string;
  kind?: AnimeKind;
  status?: AnimeStatus;
  season?: Season;
  yearFrom?: number;
  yearTo?: number;
  scoreMin?: number;
  scoreMax?: number;
  text?: string;
  sort?: AnimeSort;
}

export const DEFAULT_SORT: AnimeSort = CATALOGUE_DEFAULT_SORT;
export const YEAR_MIN = 1917;
export const SCORE_MIN = 0;
export const SCORE_MAX = 10;

/** Query-string keys of the filters, in the order they are written to the URL. */
export const FILTER_KEYS = ['text', 'genre', 'kind', 'status', 'season', 'yearFrom', 'yearTo', 'scoreMin', 'scoreMax', 'sort'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The search box's query (Enter without a suggestion): `?q=`. Not a filter of the list. */
export const SEARCH_PARAM = 'q';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

function numberIn(value: string | null, min: number, max: number, integer: boolean): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) return undefined;
  if (integer && !Number.isInteger(parsed)) return undefined;
  return parsed;
}

const maxYear = () => new Date().getFullYear() + 5;

/** Reads the filters from a query string; unknown or malformed values are ignored, not trusted. */
export function parseFilters(params: URLSearchParams): CatalogueFilters {
  const text = params.get('text')?.trim();
  const genre = params.get('genre')?.trim();
  const filters: CatalogueFilters = {
    text: text ? text.slice(0, 100) : undefined,
    genre: genre && /^[a-z0-9-]{1,40}$/.test(genre) ? genre : undefined,
    kind: oneOf(ANIME_KINDS, params.get('kind')),
    status: oneOf(ANIME_STATUSES, params.get('status')),
    season: oneOf(SEASONS, params.get('season')),
    yearFrom: numberIn(params.get('yearFrom'), YEAR_MIN, maxYear(), true),
    yearTo: numberIn(params.get('yearTo'), YEAR_MIN, maxYear(), true),
    scoreMin: numberIn(params.get('scoreMin'), SCORE_MIN, SCORE_MAX, false),
    scoreMax: numberIn(params.get('scoreMax'), SCORE_MIN, SCORE_MAX, false),
    sort: oneOf(ANIME_SORTS, params.get('sort')),
  };
  if (filters.sort === DEFAULT_SORT) filters.sort = undefined;
  return stripEmpty(filters);
}

function stripEmpty(filters: CatalogueFilters): CatalogueFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as CatalogueFilters;
}

/**
 * Writes the filters into a copy of `current`, keeping parameters that are not filters (the search
 * query, for instance) and dropping empty ones and the default sort, so equal filters give equal URLs.
 */
export function writeFilters(current: URLSearchParams, filters: CatalogueFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  FILTER_KEYS.forEach((key) => next.delete(key));
  FILTER_KEYS.forEach((key) => {
    const value = filters[key];
    if (value === undefined || value === '' || (key === 'sort' && value === DEFAULT_SORT)) return;
    next.set(key, String(value));
  });
  return next;
}

export const hasActiveFilters = (filters: CatalogueFilters): boolean => FILTER_KEYS.some((key) => key !== 'sort' && filters[key] !== undefined);

/** The list request of the filters (the API's own parameter names). */
export function toListQuery(filters: CatalogueFilters): Omit<AnimeListQuery, 'page' | 'limit'> {
  return { ...filters, sort: filters.sort ?? DEFAULT_SORT };
}
