import { z } from 'zod';
import { withoutInvisibles } from '../validation/invisible-characters';
import {
  COMMUNITY_MESSAGES,
  CONTINUE_WATCHING_MAX,
  LIST_FILE_FORMATS,
  LIST_IMPORT_MAX_BYTES,
  LIST_PAGE_DEFAULT,
  LIST_PAGE_MAX,
  LIST_STATUSES,
  PROGRESS_MAX_SECONDS,
  RATING_MAX,
  RATING_MIN,
} from './library.dto';

// Lists, ratings and watch progress (docs/community.md): the gateway parses every request with these,
// and the community service parses what it receives with the same ones.

const MAX_INT = 2_147_483_647;
const EPISODE_MAX = 100_000;
/** The gateway's coalesced progress saves travel in batches of at most this many. */
export const PROGRESS_BATCH_MAX = 2000;

/** An empty form field or a JSON null counts as absent. */
const absent = (value: unknown) => (value === null || value === '' ? undefined : value);
/** A number from JSON, or a numeric string from a query or a form. */
const numeric = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value);

const integerField = (min: number, max: number, message: string) =>
  z.preprocess(numeric, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

const optionalInteger = (min: number, max: number, message: string) => z.preprocess(absent, integerField(min, max, message).optional());

/** Seconds into (or the length of) an episode: finite, at most a day. */
const seconds = (message: string, { positive = false } = {}) => {
  const finite = z.number({ error: message }).max(PROGRESS_MAX_SECONDS, { error: message });
  return z.preprocess(numeric, positive ? finite.gt(0, { error: message }) : finite.min(0, { error: message }));
};

const animeIdField = integerField(1, MAX_INT, COMMUNITY_MESSAGES.animeId);
const episodeField = integerField(1, EPISODE_MAX, COMMUNITY_MESSAGES.episode);
const statusField = z.enum(LIST_STATUSES, { error: COMMUNITY_MESSAGES.status });
const formatField = z.enum(LIST_FILE_FORMATS, { error: COMMUNITY_MESSAGES.format });
const usernameField = z
  .string({ error: COMMUNITY_MESSAGES.username })
  .overwrite(withoutInvisibles)
  .trim()
  .min(1, { error: COMMUNITY_MESSAGES.username })
  .max(64, { error: COMMUNITY_MESSAGES.username });

/**
 * PUT /users/anime/status. `anime` (the client's copy of the title, SPEC) is dropped: the catalogue
 * is the source of the title and its episode count.
 */
export const listUpdateSchema = z.object({
  animeId: animeIdField,
  status: z.preprocess(absent, statusField.optional()),
  progress: optionalInteger(0, EPISODE_MAX, COMMUNITY_MESSAGES.progress),
  watchedEpisode: optionalInteger(1, EPISODE_MAX, COMMUNITY_MESSAGES.episode),
});

/** `/users/anime/:animeId`, and the list entry it names. */
export const listEntryParamsSchema = z.object({ animeId: animeIdField });

/** `?status&page&limit` of a list. */
export const listQuerySchema = z.object({
  status: z.preprocess(absent, statusField.optional()),
  page: optionalInteger(1, 100_000, COMMUNITY_MESSAGES.page).default(1),
  limit: optionalInteger(1, LIST_PAGE_MAX, COMMUNITY_MESSAGES.limit(LIST_PAGE_MAX)).default(LIST_PAGE_DEFAULT),
});

/** `/users/profile/:username/anime`. */
export const listOwnerParamsSchema = z.object({ username: usernameField });

export const ratingSchema = z.object({
  animeId: animeIdField,
  rating: integerField(RATING_MIN, RATING_MAX, COMMUNITY_MESSAGES.rating),
});

/** `?format` of an import; without it the form's `format` field, or else the file itself, decides. */
export const listImportQuerySchema = z.object({ format: z.preprocess(absent, formatField.optional()) });

/** The file to import, as the gateway read it (multipart or raw body, at most LIST_IMPORT_MAX_BYTES). */
export const listImportSchema = listImportQuerySchema.extend({
  content: z
    .string({ error: COMMUNITY_MESSAGES.fileMissing })
    .min(1, { error: COMMUNITY_MESSAGES.fileMissing })
    .max(LIST_IMPORT_MAX_BYTES, { error: COMMUNITY_MESSAGES.fileTooLarge }),
});

/** `?format` of an export, MyAnimeList's by default. */
export const listExportSchema = z.object({ format: z.preprocess((value) => absent(value) ?? 'mal', formatField) });

/** POST /progress: one position inside one episode, in seconds. */
export const progressSaveSchema = z.object({
  animeId: animeIdField,
  episode: episodeField,
  position: seconds(COMMUNITY_MESSAGES.position),
  /** The episode's length when the player knows it, for "watched to the end" and progress bars. */
  duration: z.preprocess(absent, seconds(COMMUNITY_MESSAGES.duration, { positive: true }).optional()),
});

/** GET and DELETE /progress: one episode, or without `episode` the whole title. */
export const progressTargetSchema = z.object({
  animeId: animeIdField,
  episode: optionalInteger(1, EPISODE_MAX, COMMUNITY_MESSAGES.episode),
});

export const continueWatchingQuerySchema = z.object({
  limit: optionalInteger(1, CONTINUE_WATCHING_MAX, COMMUNITY_MESSAGES.limit(CONTINUE_WATCHING_MAX)).default(20),
});

/** Who saves: the verified token's user, added by the gateway. */
const saverFields = { userId: z.uuid(), username: z.string().min(1).max(64) };

/** One save of a batch, as the gateway adds it. */
export const progressSaveItemSchema = progressSaveSchema.extend(saverFields);

/**
 * The gateway's coalesced saves. Only who saves is checked for the whole batch: each item is parsed
 * on its own with `progressSaveSchema`, so one bad item fails only its own request.
 */
export const progressSaveManySchema = z.object({
  items: z.array(z.looseObject(saverFields)).min(1).max(PROGRESS_BATCH_MAX),
});

export type ListStatusUpdate = z.output<typeof listUpdateSchema>;
export type ListEntryParams = z.output<typeof listEntryParamsSchema>;
export type ListQuery = z.output<typeof listQuerySchema>;
export type RatingUpdate = z.output<typeof ratingSchema>;
export type ListImportRequest = z.output<typeof listImportSchema>;
export type ListExportRequest = z.output<typeof listExportSchema>;
export type ProgressSave = z.output<typeof progressSaveSchema>;
export type ProgressTarget = z.output<typeof progressTargetSchema>;
export type ContinueWatchingQuery = z.output<typeof continueWatchingQuerySchema>;
export type ProgressSaveItem = z.output<typeof progressSaveItemSchema>;
export type ProgressSaveManyRequest = z.output<typeof progressSaveManySchema>;
