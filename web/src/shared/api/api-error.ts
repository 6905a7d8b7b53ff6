import type { ErrorCode, FieldError, SanctionNotice } from '@portal/contracts';

/** Transport failures that never reached a well-formed envelope. */
export type TransportErrorCode = 'NETWORK_ERROR' | 'EMPTY_BODY' | 'BAD_FORMAT';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number | null,
    readonly code: ErrorCode | TransportErrorCode,
    readonly fieldErrors: readonly FieldError[] = [],
    readonly retryAfterSeconds: number | null = null,
    /** False when the server sent no message and `message` is a generic fallback for the status. */
    readonly hasSpecificMessage = true,
    /** Why a banned, read-only or muted user was refused, and until when (USER_BANNED, USER_READ_ONLY, CHAT_MUTED). */
    readonly sanction: SanctionNotice | null = null,
  ) {
    super(message);
  }

  fieldMessage(field: string): string | null {
    return this.fieldErrors.find((error) => error.field === field)?.message ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What to show for a failed call: the API's Russian message, else the error's own text. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A failed form submission split for display: the messages the API gave for `fields`, under their
 * fields, or (when it named none of them) one form-level message.
 */
export function formFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  formMessage: (error: unknown) => string = errorMessage,
): { fields: Partial<Record<F, string>>; form: string | null } {
  if (!error) return { fields: {}, form: null };
  const named: Partial<Record<F, string>> = {};
  if (isApiError(error) && error.status !== 429) {
    for (const field of fields) {
      const message = error.fieldMessage(field);
      if (message) named[field] = message;
    }
  }
  return { fields: named, form: Object.keys(named).length > 0 ? null : formMessage(error) };
}
