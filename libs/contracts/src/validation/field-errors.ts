import { z } from 'zod';
import { GENERIC_MESSAGES, type FieldError } from '../api/envelope';

// Every rule without a message of its own speaks Russian to the user (zod's bundled locale).
z.config(z.locales.ru());

/** A refused input as the envelope's field errors: the path names the field, the message is Russian. */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message || GENERIC_MESSAGES.badRequest,
  }));
}
