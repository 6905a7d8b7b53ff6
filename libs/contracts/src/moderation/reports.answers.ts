import { z } from 'zod';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from './reports.dto';

// What the report operations answer (reports.operations.ts); the types in reports.dto.ts are these schemas' outputs.

export const reportCreatedSchema = z.object({
  id: z.uuid(),
  target: z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.string() }),
  reason: z.enum(REPORT_REASONS),
  /** «Жалоба отправлена…», for the reporter. */
  message: z.string(),
});
