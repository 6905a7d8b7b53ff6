import { ANIME_KINDS, ANIME_SORTS, ANIME_STATUSES, GENRES, KIND_LABELS, SEASON_LABELS, SEASONS, STATUS_LABELS, type Genre } from '@portal/contracts';
import { CATALOGUE_STRINGS } from '../strings';
import type { SelectOption } from '../components/SelectField';

export const capitalize = (text: string): string => (text ? text[0]!.toLocaleUpperCase('ru') + text.slice(1) : text);

export const KIND_OPTIONS: readonly SelectOption[] = ANIME_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
export const STATUS_OPTIONS: readonly SelectOption[] = ANIME_STATUSES.map((status) => ({ value: status, label: capitalize(STATUS_LABELS[status]) }));
export const SEASON_OPTIONS: readonly SelectOption[] = SEASONS.map((season) => ({ value: season, label: capitalize(SEASON_LABELS[season]) }));
export const SORT_OPTIONS: readonly SelectOption[] = ANIME_SORTS.map((sort) => ({ value: sort, label: CATALOGUE_STRINGS.filters.sorts[sort] }));

/** Genres that are listed by default (no 18+), for when the API's list is not available. */
export const LISTED_GENRES: readonly Pick<Genre, 'slug' | 'name'>[] = GENRES.filter((genre) => !genre.adult);

/** A genre of an anime (slug, or English / Russian name in older data) as a slug and a Russian name. */
export function resolveGenre(value: string, genres: readonly Pick<Genre, 'slug' | 'name' | 'nameEn'>[] = GENRES): { slug: string; name: string } {
  const lower = value.toLowerCase();
  const found = genres.find((genre) => genre.slug === lower || genre.nameEn.toLowerCase() === lower || genre.name.toLowerCase() === lower);
  return found ? { slug: found.slug, name: found.name } : { slug: lower.replace(/\s+/g, '-'), name: value };
}
