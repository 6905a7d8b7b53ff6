import { z } from 'zod';
import { ErrorCode } from '../api/envelope';
import { sanctionNoticeSchema } from '../moderation/bans.answers';

/** A service's refusal (RpcErrorPayload is its output): thrown back to the caller, or one item's answer of a batch. */
export const rpcErrorPayloadSchema = z.object({
  code: z.enum(ErrorCode),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  retryAfterSeconds: z.number().optional(),
  sanction: sanctionNoticeSchema.optional(),
});
