import { z } from 'zod';
import { absentWhenEmpty, pageQuery } from '../validation/common.schemas';
import type { auditLogEntrySchema } from './moderation.answers';
import { STATS_MESSAGES, STATS_RANGES, type StatsRange } from './stats.dto';

/** Russian messages of GET /admin/audit-log's filters, each naming its field. */
export const AUDIT_LOG_MESSAGES = {
  event: 'Фильтр «event»: имя события из латинских строчных букв, точек и дефисов, не длиннее 100 символов',
  actorId: 'Фильтр «actorId»: некорректный идентификатор администратора',
  subjectUserId: 'Фильтр «subjectUserId»: некорректный идентификатор пользователя',
  from: 'Фильтр «from»: нужна дата в формате ISO (например 2026-01-31 или 2026-01-31T10:00:00Z)',
  to: 'Фильтр «to»: нужна дата в формате ISO (например 2026-01-31 или 2026-01-31T10:00:00Z)',
  range: 'Фильтр «from» должен быть не позже «to»',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const lowerUuid = (message: string) =>
  z.preprocess(
    absentWhenEmpty,
    z
      .uuid({ error: message })
      .transform((id) => id.toLowerCase())
      .optional(),
  );
/** An ISO date or date-time; a bare date is midnight UTC, or with `endOfDay` the last millisecond of that day. */
const isoDate = (message: string, endOfDay = false) =>
  z.preprocess(
    absentWhenEmpty,
    z
      .string({ error: message })
      .regex(ISO_DATE, { error: message })
      .transform((text, ctx) => {
        const date = new Date(text);
        if (Number.isNaN(date.getTime())) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        if (endOfDay && text.length === 10) date.setTime(date.getTime() + 24 * 60 * 60 * 1000 - 1);
        return date.toISOString();
      })
      .optional(),
  );

/**
 * GET /admin/audit-log: a page (50 by default), newest first, narrowed by any of the filters (AND):
 * `event` (an exact event name), `actorId`, `subjectUserId`, `from` / `to` (inclusive, ISO; a bare date `to` takes in the whole day).
 */
export const auditLogQuerySchema = pageQuery(50)
  .extend({
    event: z.preprocess(
      absentWhenEmpty,
      z
        .string({ error: AUDIT_LOG_MESSAGES.event })
        .max(100, { error: AUDIT_LOG_MESSAGES.event })
        .regex(/^[a-z.-]+$/, { error: AUDIT_LOG_MESSAGES.event })
        .optional(),
    ),
    actorId: lowerUuid(AUDIT_LOG_MESSAGES.actorId),
    subjectUserId: lowerUuid(AUDIT_LOG_MESSAGES.subjectUserId),
    from: isoDate(AUDIT_LOG_MESSAGES.from),
    to: isoDate(AUDIT_LOG_MESSAGES.to, true),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) ctx.addIssue({ code: 'custom', path: ['from'], message: AUDIT_LOG_MESSAGES.range });
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** GET /admin/stats?days=7|30|90 (7 when absent); anything else is a 400 naming `days`. */
export const statsQuerySchema = z.object({
  days: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value, ctx) => {
      const days = value === undefined || value === '' ? 7 : Number(value);
      if ((STATS_RANGES as readonly number[]).includes(days)) return days as StatsRange;
      ctx.addIssue({ code: 'custom', message: STATS_MESSAGES.days });
      return z.NEVER;
    }),
});
export type StatsQuery = z.output<typeof statsQuerySchema>;

export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;
