import { z } from 'zod';

// Online presence (docs/realtime.md, «Online presence»): each gateway reports who it holds to the
// chat service, which keeps the reports in Redis and sums them. The gateway builds these; the chat
// service parses what it receives with the same schemas.

/** A gateway replica's id (random per process). */
const gatewayId = z.string().regex(/^[\w-]{8,64}$/);
const visitorKey = z.string().min(1).max(256);

/** Who a general connection is: a user by a valid token, a bot by its user agent, else a guest by its browser. */
export const presenceVisitorSchema = z.strictObject({
  kind: z.enum(['user', 'guest', 'bot']),
  /** User id, or the browser's client id for guests and bots: several tabs count once. */
  key: visitorKey,
  username: z.string().min(1).max(256).nullable(),
});

/** What one gateway holds, each visitor once. */
export const presenceSnapshotSchema = z.strictObject({
  users: z.record(visitorKey, z.string().min(1).max(256)),
  guests: z.array(visitorKey),
  bots: z.array(visitorKey),
});

/** `chat.presence.report`: a gateway's heartbeat with what it holds now. */
export const presenceReportSchema = z.strictObject({ gatewayId, snapshot: presenceSnapshotSchema });

/** `chat.presence.stats-for`: the counts as a connection that has just arrived is told them. */
export const presenceStatsForSchema = z.strictObject({ visitor: presenceVisitorSchema });

/** `chat.presence.leave`: a gateway stopping cleanly. */
export const presenceGatewaySchema = z.strictObject({ gatewayId });

export type PresenceVisitor = z.output<typeof presenceVisitorSchema>;
export type PresenceVisitorKind = PresenceVisitor['kind'];
export type PresenceSnapshot = z.output<typeof presenceSnapshotSchema>;
export type PresenceReportRequest = z.output<typeof presenceReportSchema>;
export type PresenceStatsForRequest = z.output<typeof presenceStatsForSchema>;
export type PresenceGatewayRequest = z.output<typeof presenceGatewaySchema>;

/** A gateway's visitors, each once (users by id, guests and bots by browser). */
export function presenceSnapshotOf(visitors: Iterable<PresenceVisitor>): PresenceSnapshot {
  const users: Record<string, string> = {};
  const guests = new Set<string>();
  const bots = new Set<string>();
  for (const visitor of visitors) {
    if (visitor.kind === 'user') users[visitor.key] = visitor.username ?? visitor.key;
    else (visitor.kind === 'bot' ? bots : guests).add(visitor.key);
  }
  return { users, guests: [...guests], bots: [...bots] };
}
