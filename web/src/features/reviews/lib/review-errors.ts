import { isApiError } from '../../../shared/api/api-error';

/** The editor's fields an API error can name; the rest (a 409, a 404, transport) goes above the button. */
export type ReviewFormField = 'title' | 'text' | 'score';
const FORM_FIELDS: readonly ReviewFormField[] = ['title', 'text', 'score'];

export function errorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export function formErrors(error: unknown): { fields: Partial<Record<ReviewFormField, string>>; form: string | null } {
  if (!error) return { fields: {}, form: null };
  const fields: Partial<Record<ReviewFormField, string>> = {};
  if (isApiError(error)) {
    for (const field of FORM_FIELDS) {
      const message = error.fieldMessage(field);
      if (message) fields[field] = message;
    }
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : errorText(error) };
}
