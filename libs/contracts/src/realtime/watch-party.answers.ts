import { z } from 'zod';
import { isoDateTime } from '../validation/answer.schemas';
import { WatchPartyErrorCode } from './watch-party';

export const watchPartyMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  isHost: z.boolean(),
  /** At least one of the user's tabs is in the room now (on any replica). */
  connected: z.boolean(),
});

/**
 * The voice-over and subtitles the room plays, by their renditions' NAME in the playlist (`EXT-X-MEDIA`,
 * e.g. «AniLibria»): chosen by the host, applied by every member's player. Audio null: the playlist's
 * default; subtitles null: off. Both null again when the episode changes.
 */
export const watchPartyRoomTracksSchema = z.object({ audio: z.string().nullable(), subtitles: z.string().nullable() });

/** A room as every member sees it: after joining, after every change, and from GET /watch-party/:roomId. */
export const watchPartyStateSchema = z.object({
  roomId: z.string(),
  animeId: z.number().int(),
  episode: z.number().int(),
  /** Null only while a room has nobody to hand control to; whoever joins next takes it. */
  hostUserId: z.string().nullable(),
  playing: z.boolean(),
  /** Seconds into the episode at `positionAt`. */
  position: z.number(),
  /** Server clock (ms since the epoch) at which `position` was true. */
  positionAt: z.number(),
  /** Playback rate of the host's player. */
  rate: z.number(),
  /** The host's voice-over and subtitles. */
  tracks: watchPartyRoomTracksSchema,
  /** In join order. */
  members: z.array(watchPartyMemberSchema),
  createdAt: isoDateTime,
  /** Grows with every change: a client keeps the highest it has seen (broadcasts from two replicas may cross). */
  version: z.number().int(),
  /** Server ms until which a disconnected host keeps control; null when the host is here. */
  hostGraceUntil: z.number().nullable(),
});

export const watchPartyCreatedSchema = z.object({
  roomId: z.string(),
  /** The page to share, relative to the site: `/watch-party/{roomId}`. */
  url: z.string(),
});

export const watchPartyChatMessageSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  /** Plain text, 1..500 characters after trimming: render it as text. */
  text: z.string(),
  /** Server ms. */
  sentAt: z.number(),
});

/** What a joining socket is sent at once: the room and its last chat messages. */
export const watchPartyJoinedSchema = z.object({ state: watchPartyStateSchema, history: z.array(watchPartyChatMessageSchema) });

const watchPartyRefusalSchema = z.object({ code: z.enum(WatchPartyErrorCode), message: z.string() });

/**
 * What a room operation answers: the value, or the refusal the socket is told as an `error` event
 * (NOT_HOST, ROOM_NOT_FOUND, RATE_LIMITED…). A refusal is an answer, not a failure of the call.
 */
export const watchPartyReplyOf = <T extends z.ZodType>(value: T) =>
  z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: watchPartyRefusalSchema })]);

export type WatchPartyReply<T = null> = { ok: true; value: T } | { ok: false; error: z.output<typeof watchPartyRefusalSchema> };

export type WatchPartyMember = z.output<typeof watchPartyMemberSchema>;
export type WatchPartyState = z.output<typeof watchPartyStateSchema>;
export type WatchPartyTracks = z.output<typeof watchPartyRoomTracksSchema>;
export type WatchPartyCreated = z.output<typeof watchPartyCreatedSchema>;
export type WatchPartyChatMessage = z.output<typeof watchPartyChatMessageSchema>;
export type WatchPartyJoined = z.output<typeof watchPartyJoinedSchema>;
