import { z } from 'zod';
import {
  WATCH_PARTY_CHAT_MAX_LENGTH,
  WATCH_PARTY_MAX_RATE,
  WATCH_PARTY_MESSAGES,
  WATCH_PARTY_MIN_RATE,
  WATCH_PARTY_ROOM_ID_PATTERN,
} from '@portal/contracts';
import { WatchPartyError } from './watch-party.errors';

/** Every client payload is checked here before it touches a room; unknown keys are refused too. */

const MAX_POSITION_SECONDS = 24 * 60 * 60;
const MAX_EPISODE = 100_000;

const episodeNumber = z.number({ error: WATCH_PARTY_MESSAGES.badEpisode }).int(WATCH_PARTY_MESSAGES.badEpisode).min(1, WATCH_PARTY_MESSAGES.badEpisode).max(MAX_EPISODE, WATCH_PARTY_MESSAGES.badEpisode);

export const joinSchema = z.strictObject({ roomId: z.string().regex(WATCH_PARTY_ROOM_ID_PATTERN) });

export const playbackSchema = z.strictObject({
  position: z.number().finite().min(0).max(MAX_POSITION_SECONDS),
  rate: z.number().finite().min(WATCH_PARTY_MIN_RATE).max(WATCH_PARTY_MAX_RATE).optional(),
  at: z.number().finite().positive().optional(),
});

export const episodeSchema = z.strictObject({ episode: episodeNumber });

export const chatSchema = z.strictObject({
  text: z
    .string({ error: WATCH_PARTY_MESSAGES.chatEmpty })
    .transform((text) => text.trim())
    .pipe(z.string().min(1, WATCH_PARTY_MESSAGES.chatEmpty).max(WATCH_PARTY_CHAT_MAX_LENGTH, WATCH_PARTY_MESSAGES.chatTooLong)),
});

export const timeSyncSchema = z.strictObject({ clientSentAt: z.number().finite() });

export const createRoomSchema = z.object({
  animeId: z.number({ error: WATCH_PARTY_MESSAGES.badAnimeId }).int(WATCH_PARTY_MESSAGES.badAnimeId).positive(WATCH_PARTY_MESSAGES.badAnimeId),
  episode: episodeNumber,
});

/** The parsed payload, or a `BAD_PAYLOAD` error carrying the first Russian message the schema has. */
export function parsePayload<T extends z.ZodType>(schema: T, payload: unknown): z.output<T> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const message = result.error.issues.find((issue) => /[а-яё]/i.test(issue.message))?.message;
  throw WatchPartyError.badPayload(message);
}
