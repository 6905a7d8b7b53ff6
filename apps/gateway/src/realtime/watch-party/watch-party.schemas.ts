import { z } from 'zod';
import {
  WATCH_PARTY_CHAT_MAX_LENGTH,
  WATCH_PARTY_MAX_RATE,
  WATCH_PARTY_MESSAGES,
  WATCH_PARTY_MIN_RATE,
  WATCH_PARTY_ROOM_ID_PATTERN,
} from '@portal/contracts';
import { watchPartyEpisodeField } from '@portal/contracts/schemas';
import { WatchPartyError } from './watch-party.errors';

/**
 * Every socket payload is checked here before it touches a room; unknown keys are refused too. The
 * REST requests' schemas (opening a room) are the contracts' (watch-party.schemas.ts).
 */

const MAX_POSITION_SECONDS = 24 * 60 * 60;

export const joinSchema = z.strictObject({ roomId: z.string().regex(WATCH_PARTY_ROOM_ID_PATTERN) });

export const playbackSchema = z.strictObject({
  position: z.number().finite().min(0).max(MAX_POSITION_SECONDS),
  rate: z.number().finite().min(WATCH_PARTY_MIN_RATE).max(WATCH_PARTY_MAX_RATE).optional(),
  at: z.number().finite().positive().optional(),
});

export const episodeSchema = z.strictObject({ episode: watchPartyEpisodeField });

export const chatSchema = z.strictObject({
  text: z
    .string({ error: WATCH_PARTY_MESSAGES.chatEmpty })
    .transform((text) => text.trim())
    .pipe(z.string().min(1, WATCH_PARTY_MESSAGES.chatEmpty).max(WATCH_PARTY_CHAT_MAX_LENGTH, WATCH_PARTY_MESSAGES.chatTooLong)),
});

export const timeSyncSchema = z.strictObject({ clientSentAt: z.number().finite() });

/**
 * The parsed payload, or a `BAD_PAYLOAD` error carrying the first message of the schema's own; a rule
 * without one says WATCH_PARTY_MESSAGES.badPayload (not zod's locale, which names types and patterns).
 */
export function parsePayload<T extends z.ZodType>(schema: T, payload: unknown): z.output<T> {
  const result = schema.safeParse(payload, { error: () => WATCH_PARTY_MESSAGES.badPayload });
  if (result.success) return result.data;
  throw WatchPartyError.badPayload(result.error.issues.find((issue) => issue.message !== WATCH_PARTY_MESSAGES.badPayload)?.message);
}
