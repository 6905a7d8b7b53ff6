import { z } from 'zod';

/** The online counts every general connection is told (`online-stats`). */
export const onlineStatsSchema = z.object({
  usersOnline: z.number().int(),
  guestsOnline: z.number().int(),
  botsOnline: z.number().int(),
  /** Up to ONLINE_USERNAMES_SHOWN names, alphabetical. */
  usernames: z.array(z.string()),
});

/** The answer to a gateway's presence report: the counts that include it, and when to report next. */
export const presenceReportAnswerSchema = z.object({
  stats: onlineStatsSchema,
  /** The gateway reports again after this long (PRESENCE_HEARTBEAT_MS of the chat service). */
  heartbeatMs: z.number().int(),
  /**
   * False when the gateway's previous report had expired (or this is its first): others may have
   * taken it for dead and removed its watch-party sockets, which it then registers again.
   */
  known: z.boolean(),
});

/** Names of the signed-in users online, alphabetically, each once: a slice by offset. */
export const onlineUsersPageSchema = z.object({
  items: z.array(z.string()),
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export type OnlineUsersPage = z.output<typeof onlineUsersPageSchema>;
export type OnlineStats = z.output<typeof onlineStatsSchema>;
export type PresenceReportAnswer = z.output<typeof presenceReportAnswerSchema>;
