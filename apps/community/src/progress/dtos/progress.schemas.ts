import { z } from 'zod';
import { COMMUNITY_MESSAGES, CONTINUE_WATCHING_MAX, PROGRESS_MAX_SECONDS } from '@portal/contracts';
import { absent, animeIdField, integerField, numeric, optionalInteger } from '../../library/dtos/library.schemas';

const seconds = (min: number, message: string, exclusive = false) =>
  z.preprocess(
    numeric,
    z
      .number({ error: message })
      .refine((value) => Number.isFinite(value) && (exclusive ? value > min : value >= min) && value <= PROGRESS_MAX_SECONDS, { error: message }),
  );
const episodeField = integerField(1, 100_000, COMMUNITY_MESSAGES.episode);

export const progressSaveSchema = z.object({
  animeId: animeIdField,
  episode: episodeField,
  position: seconds(0, COMMUNITY_MESSAGES.position),
  duration: z.preprocess(absent, seconds(0, COMMUNITY_MESSAGES.duration, true).optional()),
});

/** GET and DELETE /progress: one episode, or without `episode` the whole title. */
export const progressTargetSchema = z.object({
  animeId: animeIdField,
  episode: optionalInteger(1, 100_000, COMMUNITY_MESSAGES.episode),
});

export const continueSchema = z.object({
  limit: optionalInteger(1, CONTINUE_WATCHING_MAX, COMMUNITY_MESSAGES.limit(CONTINUE_WATCHING_MAX)).default(20),
});

/** The gateway's coalesced saves: who (from the verified token) and the raw body, validated per item. */
export const progressSaveManySchema = z.object({
  items: z
    .array(z.looseObject({ userId: z.uuid(), username: z.string() }))
    .min(1)
    .max(2000),
});
