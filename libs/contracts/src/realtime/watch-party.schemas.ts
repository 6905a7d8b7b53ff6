import { z } from 'zod';
import { WATCH_PARTY_MESSAGES } from './watch-party';

// The REST side of watch-party rooms; the socket payloads are parsed by the gateway's room code.

export const WATCH_PARTY_EPISODE_MAX = 100_000;

/** An episode number of a room, in the body of POST /watch-party and in the `episode` socket event. */
export const watchPartyEpisodeField = z
  .number({ error: WATCH_PARTY_MESSAGES.badEpisode })
  .int(WATCH_PARTY_MESSAGES.badEpisode)
  .min(1, WATCH_PARTY_MESSAGES.badEpisode)
  .max(WATCH_PARTY_EPISODE_MAX, WATCH_PARTY_MESSAGES.badEpisode);

/** POST /watch-party: the title (catalogue or Shikimori id) and episode the room opens on. */
export const watchPartyCreateSchema = z.object({
  animeId: z.number({ error: WATCH_PARTY_MESSAGES.badAnimeId }).int(WATCH_PARTY_MESSAGES.badAnimeId).positive(WATCH_PARTY_MESSAGES.badAnimeId),
  episode: watchPartyEpisodeField,
});

/**
 * `/watch-party/:roomId`. Only bounded here: an id that cannot be a room's (WATCH_PARTY_ROOM_ID_PATTERN)
 * is answered like any unknown room, 404.
 */
export const watchPartyRoomParamsSchema = z.object({ roomId: z.string().max(64) });
