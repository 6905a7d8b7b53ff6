import type { z } from 'zod';
import { GENERIC_MESSAGES } from '@portal/contracts';
import { RpcError } from './rpc-error';

/**
 * Validates what arrived over the transport. The gateway does not validate bodies, so this is the rule:
 * a bad payload becomes a 400 with the field named and a Russian message.
 */
export function validatePayload<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw RpcError.validation(
    result.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      message: issue.message && !issue.message.startsWith('Invalid') ? issue.message : GENERIC_MESSAGES.badRequest,
    })),
  );
}
