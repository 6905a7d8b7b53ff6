import type { ErrorCode, FieldError } from '@portal/contracts';

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
  ) {
    super(message);
  }

  fieldMessage(field: string): string | null {
    return this.fieldErrors.find((error) => error.field === field)?.message ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
