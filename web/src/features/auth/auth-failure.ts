import { isApiError } from '../../shared/api/api-error';
import { messagesByField } from './registration-rules';

export interface AuthFailure {
  /** Shown above the submit button; null when every problem has its own field. */
  formMessage: string | null;
  fieldMessages: Record<string, string>;
  code: string | null;
}

/** Turns a failed login/registration call into inline messages (SPEC.md section 8). */
export function describeAuthFailure(error: unknown, texts: { fallback: string; unknown: string }): AuthFailure {
  if (!isApiError(error)) return { formMessage: texts.unknown, fieldMessages: {}, code: null };
  const fieldMessages = messagesByField(error.fieldErrors);
  const hasFieldMessages = Object.keys(fieldMessages).length > 0;
  return {
    formMessage: hasFieldMessages ? null : error.hasSpecificMessage ? error.message : texts.fallback,
    fieldMessages,
    code: error.code,
  };
}
