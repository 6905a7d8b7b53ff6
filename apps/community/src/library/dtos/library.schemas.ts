import { z } from 'zod';
import { COMMUNITY_MESSAGES, LIST_PAGE_DEFAULT, LIST_PAGE_MAX, LIST_STATUSES, RATING_MAX, RATING_MIN } from '@portal/contracts';

const MAX_INT = 2_147_483_647;
export const absent = (value: unknown) => (value === null || value === '' ? undefined : value);
/** A number from JSON, or a numeric string from a query or a form. */
export const numeric = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value);

export const integerField = (min: number, max: number, message: string) =>
  z.preprocess(numeric, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));

export const optionalInteger = (min: number, max: number, message: string) => z.preprocess(absent, integerField(min, max, message).optional());

export const animeIdField = integerField(1, MAX_INT, COMMUNITY_MESSAGES.animeId);
const statusField = z.enum(LIST_STATUSES, { error: COMMUNITY_MESSAGES.status });

/** PUT /users/anime/status. `anime` (the client's copy of the title) is ignored: the catalogue's counts. */
export const listUpdateSchema = z.object({
  animeId: animeIdField,
  status: z.preprocess(absent, statusField.optional()),
  progress: optionalInteger(0, 100_000, COMMUNITY_MESSAGES.progress),
  watchedEpisode: optionalInteger(1, 100_000, COMMUNITY_MESSAGES.episode),
});

export const animeIdSchema = z.object({ animeId: animeIdField });

export const listPageSchema = z.object({
  username: z.preprocess(absent, z.string({ error: COMMUNITY_MESSAGES.username }).trim().min(1, { error: COMMUNITY_MESSAGES.username }).max(64, { error: COMMUNITY_MESSAGES.username }).optional()),
  status: z.preprocess(absent, statusField.optional()),
  page: optionalInteger(1, 100_000, COMMUNITY_MESSAGES.page).default(1),
  limit: optionalInteger(1, LIST_PAGE_MAX, COMMUNITY_MESSAGES.limit(LIST_PAGE_MAX)).default(LIST_PAGE_DEFAULT),
});

export const ratingSchema = z.object({
  animeId: animeIdField,
  rating: integerField(RATING_MIN, RATING_MAX, COMMUNITY_MESSAGES.rating),
});

export const formatField = z.enum(['mal', 'shikimori'], { error: COMMUNITY_MESSAGES.format });

export const importSchema = z.object({
  format: z.preprocess(absent, formatField.optional()),
  content: z.string({ error: COMMUNITY_MESSAGES.fileMissing }).min(1, { error: COMMUNITY_MESSAGES.fileMissing }),
});

export const exportSchema = z.object({ format: z.preprocess((value) => absent(value) ?? 'mal', formatField) });
