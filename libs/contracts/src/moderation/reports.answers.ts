import { z } from 'zod';
import { isoDateTime, numberedPageOf } from '../validation/answer.schemas';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from './reports.dto';

// What the report operations answer (reports.operations.ts); the types in reports.dto.ts are these schemas' outputs.

const reportTargetSchema = z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.string() });

export const reportCreatedSchema = z.object({
  id: z.uuid(),
  target: reportTargetSchema,
  reason: z.enum(REPORT_REASONS),
  /** «Жалоба отправлена…», for the reporter. */
  message: z.string(),
});

/** The reported content as it was when first reported: the queue shows it even after it is deleted. */
const reportSnapshotSchema = z.object({
  /** Who wrote it (the account itself for a `user` target); null when it has no author account (an AMV). */
  authorId: z.string().nullable(),
  authorUsername: z.string().nullable(),
  /** The first REPORT_EXCERPT_MAX characters of the text (a user's display name for a `user` target). */
  excerpt: z.string(),
  /** Where it lives on the site. */
  link: z.string(),
});

const reportEntrySchema = z.object({
  reporter: z.object({ id: z.string(), username: z.string() }),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: isoDateTime,
});

const reportDecisionInfoSchema = z.object({
  action: z.enum(REPORT_ACTIONS),
  contentDeleted: z.boolean(),
  note: z.string().nullable(),
  adminId: z.string(),
  decidedAt: isoDateTime,
});

/** A queue item: every report on one target while it is open. */
export const reportCaseSchema = z.object({
  id: z.uuid(),
  target: reportTargetSchema,
  status: z.enum(REPORT_STATUSES),
  snapshot: reportSnapshotSchema,
  /** Distinct reporters. */
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** The latest REPORT_ENTRIES_SHOWN reports, newest first. */
  reports: z.array(reportEntrySchema),
  /** Hidden from others until reviewed (docs/moderation.md, «Automatic holds»). */
  held: z.boolean(),
  firstReportedAt: isoDateTime,
  lastReportedAt: isoDateTime,
  decision: reportDecisionInfoSchema.nullable(),
});

export const reportCasePageSchema = numberedPageOf(reportCaseSchema);
