import type { z } from 'zod';
import { fieldErrorsOf } from '@portal/contracts/schemas';
import { RpcError } from './rpc-error';

/**
 * Parses what arrived over the transport with the pattern's contract schema (the one the gateway
 * already applied at the edge): a service never trusts its callers, and a refusal is a 400 with the
 * field named and a Russian message.
 */
export function validatePayload<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw RpcError.validation(fieldErrorsOf(result.error));
}
