import {
  ANIME_KINDS,
  ANIME_STATUSES,
  CATALOGUE_MESSAGES,
  SEASONS,
  type AnimeCreate,
  type AnimeDetails,
  type AnimeKind,
  type AnimeStatus,
  type AnimeWrite,
  type Season,
} from '@portal/contracts';
import type { ApiError } from '../../../shared/api/api-error';
import { CATALOGUE_STRINGS } from '../strings';
import { resolveGenre } from './labels';

/** What the admin edits: every field as the form holds it (numbers as typed text). */
export interface AnimeEditDraft {
  title: string;
  titleRu: string;
  description: string;
  kind: AnimeKind | '';
  status: AnimeStatus;
  episodes: string;
  year: string;
  season: Season | '';
  score: string;
  genres: string[];
  poster: string;
  idShiki: string;
}

export type AnimeEditField = keyof AnimeEditDraft;
export type AnimeEditErrors = Partial<Record<AnimeEditField, string>>;

export const ANIME_EDIT_FIELDS: readonly AnimeEditField[] = [
  'title',
  'titleRu',
  'description',
  'kind',
  'status',
  'episodes',
  'year',
  'season',
  'score',
  'genres',
  'poster',
  'idShiki',
];

/** Server field names that belong to a form field (the SPEC's old names included). */
const SERVER_FIELDS: Record<AnimeEditField, readonly string[]> = {
  title: ['title'],
  titleRu: ['titleRu'],
  description: ['description'],
  kind: ['kind'],
  status: ['status'],
  episodes: ['episodes', 'series'],
  year: ['year', 'releaseYear'],
  season: ['season'],
  score: ['score'],
  genres: ['genres'],
  poster: ['poster', 'imageUrl'],
  idShiki: ['idShiki'],
};

const numberText = (value: number | null) => (value === null ? '' : String(value));

export function draftFromAnime(anime: AnimeDetails): AnimeEditDraft {
  return {
    title: anime.title,
    titleRu: anime.titleRu ?? '',
    description: anime.description ?? '',
    kind: anime.kind ?? '',
    status: anime.status,
    episodes: numberText(anime.episodes),
    year: numberText(anime.year),
    season: anime.season ?? '',
    score: numberText(anime.score),
    genres: normalizeGenres(anime.genres),
    // The poster's own address (`poster` may be the portal's copy of it); the generated one is not a poster
    // the admin set: the field stays empty for it.
    poster: anime.imageUrl && anime.imageUrl !== anime.fallbackPoster ? anime.imageUrl : '',
    idShiki: numberText(anime.idShiki),
  };
}

/** The form of a new title: the server's defaults (status "completed"), everything else empty. */
export const EMPTY_ANIME_DRAFT: AnimeEditDraft = {
  title: '',
  titleRu: '',
  description: '',
  kind: '',
  status: 'completed',
  episodes: '',
  year: '',
  season: '',
  score: '',
  genres: [],
  poster: '',
  idShiki: '',
};

const normalizeGenres = (genres: readonly string[]) => [...new Set(genres.map((genre) => resolveGenre(genre).slug))].sort();

function parseNumber(text: string, { integer, min, max }: { integer: boolean; min: number; max: number }): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) return undefined;
  return value;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The PATCH body: only what changed, checked the way the server checks it. `errors` holds the fields
 * that cannot be sent as typed (the request is not made then).
 */
export function buildAnimeWrite(anime: AnimeDetails, draft: AnimeEditDraft): { body: AnimeWrite; errors: AnimeEditErrors } {
  const original = draftFromAnime(anime);
  return writeOf(draft, (field) => JSON.stringify(field === 'genres' ? [...draft.genres].sort() : draft[field]) !== JSON.stringify(original[field]));
}

/** The POST body of a new title: the title, the status and every field that is filled in, checked the same way. */
export function buildAnimeCreate(draft: AnimeEditDraft): { body: AnimeCreate; errors: AnimeEditErrors } {
  const { body, errors } = writeOf(draft, (field) => field === 'title' || field === 'status' || draft[field].length > 0);
  // An empty title is an error, and a body with errors is not sent.
  return { body: { ...body, title: draft.title.trim() }, errors };
}

function writeOf(draft: AnimeEditDraft, send: (field: AnimeEditField) => boolean): { body: AnimeWrite; errors: AnimeEditErrors } {
  const body: AnimeWrite = {};
  const errors: AnimeEditErrors = {};

  if (send('title')) {
    if (draft.title.trim() === '') errors.title = CATALOGUE_MESSAGES.titleRequired;
    else body.title = draft.title.trim();
  }
  if (send('titleRu')) body.titleRu = orNull(draft.titleRu);
  if (send('description')) body.description = orNull(draft.description);
  if (send('kind')) body.kind = (ANIME_KINDS as readonly string[]).includes(draft.kind) ? (draft.kind as AnimeKind) : null;
  if (send('status') && (ANIME_STATUSES as readonly string[]).includes(draft.status)) body.status = draft.status;
  if (send('season')) body.season = (SEASONS as readonly string[]).includes(draft.season) ? (draft.season as Season) : null;

  const numbers = [
    ['episodes', { integer: true, min: 0, max: 100_000 }],
    ['year', { integer: true, min: 1900, max: 2100 }],
    ['score', { integer: false, min: 0, max: 10 }],
    ['idShiki', { integer: true, min: 1, max: 2_147_483_647 }],
  ] as const;
  for (const [field, rule] of numbers) {
    if (!send(field)) continue;
    const value = parseNumber(draft[field], rule);
    if (value === undefined) errors[field] = CATALOGUE_STRINGS.edit.invalidNumber;
    else body[field] = value;
  }

  if (send('genres')) body.genres = [...draft.genres].sort();

  if (send('poster')) {
    const poster = draft.poster.trim();
    if (poster && !/^https?:\/\/\S+$/i.test(poster)) errors.poster = CATALOGUE_MESSAGES.posterUrl;
    else body.poster = poster || null;
  }
  return { body, errors };
}

/** Splits a 400's field errors into the form's fields; the rest is shown above the buttons. */
export function fieldErrorsOf(error: ApiError): { fields: AnimeEditErrors; other: string[] } {
  const fields: AnimeEditErrors = {};
  const other: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    const formField = ANIME_EDIT_FIELDS.find((candidate) => SERVER_FIELDS[candidate].includes(field));
    if (formField && !fields[formField]) fields[formField] = message;
    else if (!formField) other.push(message);
  }
  return { fields, other };
}
