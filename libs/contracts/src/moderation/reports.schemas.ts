import { z } from 'zod';
import { withoutBidiControls } from '../validation/invisible-characters';
import { absentWhenEmpty as absent, boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import {
  REPORT_ACTIONS,
  REPORT_MESSAGES,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_SORTS,
  REPORT_STATUSES,
  REPORT_TARGET_ID_KINDS,
  REPORT_TARGET_TYPES,
  REPORT_TEXT_MAX,
  REPORTS_PAGE_MAX,
} from './reports.dto';
import { banBodySchema } from './bans.schemas';

// Reports (docs/moderation.md): the gateway parses every request with these, and the moderation
// service parses what it receives with the same ones, so each schema accepts its own output.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMERIC = /^\d{1,18}$/;
const ID_PATTERNS = { uuid: UUID, numeric: NUMERIC } as const;

const targetSchema = z
  .object({
    type: z.enum(REPORT_TARGET_TYPES as [keyof typeof REPORT_TARGET_ID_KINDS, ...(keyof typeof REPORT_TARGET_ID_KINDS)[]], {
      error: REPORT_MESSAGES.targetType,
    }),
    id: z.string({ error: REPORT_MESSAGES.targetId }).trim().max(64, { error: REPORT_MESSAGES.targetId }),
  })
  .superRefine((target, ctx) => {
    if (!ID_PATTERNS[REPORT_TARGET_ID_KINDS[target.type]].test(target.id)) ctx.addIssue({ code: 'custom', path: ['id'], message: REPORT_MESSAGES.targetId });
  })
  // uuids compare lower-case, so one target is one case whatever case the client sent.
  .transform((target) => ({ ...target, id: target.id.toLowerCase() }));

const textField = z
  .string({ error: REPORT_MESSAGES.text })
  .overwrite(withoutBidiControls)
  .trim()
  .max(REPORT_TEXT_MAX, { error: REPORT_MESSAGES.text })
  .refine(noNul, { error: REPORT_MESSAGES.nul });

/** POST /reports: the target, a reason and (required for `other`) a text. */
export const reportCreateSchema = z
  .object({
    target: targetSchema,
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reason }),
    text: z.preprocess(absent, textField.optional()).transform((text) => (text ? text : null)),
  })
  .superRefine((report, ctx) => {
    if (report.reason === 'other' && !report.text) ctx.addIssue({ code: 'custom', path: ['text'], message: REPORT_MESSAGES.textRequired });
  });

/** GET /admin/reports: ?status (open by default), ?sort=newest|most (newest by default), ?page. */
export const reportQueueQuerySchema = z.object({
  status: z.preprocess(absent, z.enum(REPORT_STATUSES, { error: REPORT_MESSAGES.status }).optional()).transform((status) => status ?? 'open'),
  sort: z.preprocess(absent, z.enum(REPORT_SORTS, { error: REPORT_MESSAGES.sort }).optional()).transform((sort) => sort ?? 'newest'),
  page: z.preprocess(absent, integer(1, REPORTS_PAGE_MAX, REPORT_MESSAGES.page).optional()).transform((page) => page ?? 1),
});

const noteField = z
  .string({ error: REPORT_MESSAGES.note })
  .overwrite(withoutBidiControls)
  .trim()
  .max(REPORT_NOTE_MAX, { error: REPORT_MESSAGES.note })
  .refine(noNul, { error: REPORT_MESSAGES.nul });

const decisionFields = {
  action: z.enum(REPORT_ACTIONS, { error: REPORT_MESSAGES.action }),
  deleteContent: z.preprocess(absent, z.boolean({ error: REPORT_MESSAGES.deleteOnlyOnResolve }).optional()).transform((value) => value ?? false),
  note: z.preprocess(absent, noteField.optional()).transform((note) => (note ? note : null)),
  /** Resolve and ban the content's author, in the same transaction (docs/moderation.md, «Bans»). */
  ban: z.preprocess(absent, banBodySchema.optional()).transform((ban) => ban ?? null),
};

const deleteOnlyOnResolve = (decision: { action: string; deleteContent: boolean; ban: unknown }, ctx: z.RefinementCtx) => {
  if (decision.deleteContent && decision.action !== 'resolve')
    ctx.addIssue({ code: 'custom', path: ['deleteContent'], message: REPORT_MESSAGES.deleteOnlyOnResolve });
  if (decision.ban && decision.action !== 'resolve') ctx.addIssue({ code: 'custom', path: ['ban'], message: REPORT_MESSAGES.banOnlyOnResolve });
};

/** PUT /admin/reports/{id}: resolve (optionally deleting the content) or reject the whole case. */
export const reportDecisionSchema = z.object({ id: z.uuid({ error: REPORT_MESSAGES.id }), ...decisionFields }).superRefine(deleteOnlyOnResolve);

export type ReportCreateRequest = z.output<typeof reportCreateSchema>;
export type ReportQueueRequest = z.output<typeof reportQueueQuerySchema>;
export type ReportDecisionRequest = z.output<typeof reportDecisionSchema>;
