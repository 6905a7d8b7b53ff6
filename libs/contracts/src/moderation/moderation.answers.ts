import { z } from 'zod';
import { isoDateTime, numberedPageOf } from '../validation/answer.schemas';
import { STATS_METRICS, STATS_RANGES } from './stats.dto';

// What the statistics and audit-log operations answer (admin.operations.ts); their types are these schemas' outputs.

const metricCounts = Object.fromEntries(STATS_METRICS.map((metric) => [metric, z.number().int()])) as Record<(typeof STATS_METRICS)[number], z.ZodNumber>;

/** A BullMQ queue as it is now. */
const queueDepthSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  failed: z.number().int(),
});

export const siteStatsSchema = z.object({
  days: z.union(STATS_RANGES.map((days) => z.literal(days))),
  /** Oldest first, `days` entries ending today; a day (Moscow time, YYYY-MM-DD) without activity has zeros. */
  series: z.array(z.object({ day: z.iso.date(), ...metricCounts })),
  totals: z.object(metricCounts),
  queues: z.array(queueDepthSchema),
});

export const auditLogEntrySchema = z.object({
  id: z.uuid(),
  eventName: z.string(),
  /** Null when no account is the subject (an admin's decision on an AMV). */
  subjectUserId: z.string().nullable(),
  /** The admin who acted (moderation decisions); null for an account's own events. */
  actorId: z.string().nullable(),
  /** The actor's and the subject's nicknames now, from auth; null without an id, when the account is gone or auth did not answer. */
  actorName: z.string().nullable(),
  subjectName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  occurredAt: isoDateTime,
});

export const auditLogPageSchema = numberedPageOf(auditLogEntrySchema);
