import { z } from 'zod';
import { pageQuery } from '../validation/common.schemas';
import { STATS_MESSAGES, STATS_RANGES, type StatsRange } from './stats.dto';

export const auditLogQuerySchema = pageQuery(50);

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
