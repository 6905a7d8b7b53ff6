import { z } from 'zod';
import { withoutBidiControls } from '../validation/invisible-characters';
import {
  WATCH_PARTY_CHAT_MAX_LENGTH,
  WATCH_PARTY_MAX_RATE,
  WATCH_PARTY_MESSAGES,
  WATCH_PARTY_MIN_RATE,
  WATCH_PARTY_ROOM_ID_PATTERN,
  WATCH_PARTY_TRACK_NAME_MAX_LENGTH,
} from './watch-party';

// Watch-party rooms: the REST bodies, the socket payloads (parsed by the gateway, strict objects) and
// the requests the gateway forwards to the chat service, which owns the rooms and parses them again.

export const WATCH_PARTY_EPISODE_MAX = 100_000;
const MAX_POSITION_SECONDS = 24 * 60 * 60;

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

// Socket payloads ------------------------------------------------------------------------------------

const roomId = z.string().regex(WATCH_PARTY_ROOM_ID_PATTERN);

export const watchPartyJoinSchema = z.strictObject({ roomId });

export const watchPartyPlaybackSchema = z.strictObject({
  position: z.number().finite().min(0).max(MAX_POSITION_SECONDS),
  rate: z.number().finite().min(WATCH_PARTY_MIN_RATE).max(WATCH_PARTY_MAX_RATE).optional(),
  at: z.number().finite().positive().optional(),
});

export const watchPartyEpisodeSchema = z.strictObject({ episode: watchPartyEpisodeField });

/** A rendition NAME as members see it («Озвучка: …»): without bidi controls, trimmed, 1..100 characters. */
const trackName = z
  .string()
  .transform((name) => withoutBidiControls(name).trim())
  .pipe(z.string().min(1).max(WATCH_PARTY_TRACK_NAME_MAX_LENGTH));

/** The host's voice-over and subtitles: NAMEs, or null (the default voice-over, subtitles off). */
export const watchPartyTracksSchema = z.strictObject({ audio: trackName.nullable(), subtitles: trackName.nullable() });

export const watchPartyChatSchema = z.strictObject({
  text: z
    .string({ error: WATCH_PARTY_MESSAGES.chatEmpty })
    .transform((text) => withoutBidiControls(text).trim())
    .pipe(z.string().min(1, WATCH_PARTY_MESSAGES.chatEmpty).max(WATCH_PARTY_CHAT_MAX_LENGTH, WATCH_PARTY_MESSAGES.chatTooLong)),
});

export const watchPartyTimeSyncSchema = z.strictObject({ clientSentAt: z.number().finite() });

// Requests to the chat service (the member is the request's `meta.user`, the socket's verified token) -----

const gatewayId = z.string().regex(/^[\w-]{8,64}$/);
const socketId = z.string().min(1).max(64);
const avatar = z.string().max(2048).nullable();

/** `chat.watch-party.join`: a socket of the caller, held by gateway `gatewayId`, enters the room. */
export const watchPartyJoinRequestSchema = z.strictObject({ roomId, gatewayId, socketId, avatar });

/** `chat.watch-party.leave`: the caller leaves for good. */
export const watchPartyLeaveRequestSchema = z.strictObject({ roomId });

/** `chat.watch-party.disconnect`: one socket of the caller went away. */
export const watchPartyDisconnectRequestSchema = z.strictObject({ roomId, socketId });

/** `chat.watch-party.control`: the caller's play, pause, seek, episode change or choice of tracks. */
export const watchPartyControlRequestSchema = z.strictObject({
  roomId,
  action: z.discriminatedUnion('kind', [
    watchPartyPlaybackSchema.extend({ kind: z.enum(['play', 'pause', 'seek']) }),
    watchPartyEpisodeSchema.extend({ kind: z.literal('episode') }),
    watchPartyTracksSchema.extend({ kind: z.literal('tracks') }),
  ]),
});

/** `chat.watch-party.chat`: a room chat message of the caller (`avatar` looked up by the gateway). */
export const watchPartyChatRequestSchema = watchPartyChatSchema.extend({ roomId, avatar });

/** `chat.watch-party.drop-gateway`: a gateway stopping cleanly takes its sockets out of their rooms. */
export const watchPartyGatewaySchema = z.strictObject({ gatewayId });

/** POST /watch-party as a client sends it. */
export type WatchPartyCreate = z.output<typeof watchPartyCreateSchema>;
export type WatchPartyRoomParams = z.output<typeof watchPartyRoomParamsSchema>;
export type WatchPartyJoinRequest = z.output<typeof watchPartyJoinRequestSchema>;
export type WatchPartyLeaveRequest = z.output<typeof watchPartyLeaveRequestSchema>;
export type WatchPartyDisconnectRequest = z.output<typeof watchPartyDisconnectRequestSchema>;
export type WatchPartyControlRequest = z.output<typeof watchPartyControlRequestSchema>;
export type WatchPartyControlAction = WatchPartyControlRequest['action'];
export type WatchPartyChatRequest = z.output<typeof watchPartyChatRequestSchema>;
export type WatchPartyGatewayRequest = z.output<typeof watchPartyGatewaySchema>;
