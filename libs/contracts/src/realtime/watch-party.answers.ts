import { z } from 'zod';
import { isoDateTime } from '../validation/answer.schemas';

export const watchPartyMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  isHost: z.boolean(),
  /** At least one of the user's tabs is in the room now (on any replica). */
  connected: z.boolean(),
});

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

export type WatchPartyMember = z.output<typeof watchPartyMemberSchema>;
export type WatchPartyState = z.output<typeof watchPartyStateSchema>;
export type WatchPartyCreated = z.output<typeof watchPartyCreatedSchema>;
