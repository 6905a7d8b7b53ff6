import { errorMessage, formFieldErrors } from '../../../shared/api/api-error';

/** The editor's fields an API error can name; the rest (a 409, a 404, transport) goes above the button. */
export type ReviewFormField = 'title' | 'text' | 'score';
const FORM_FIELDS: readonly ReviewFormField[] = ['title', 'text', 'score'];

export const errorText = errorMessage;

export const formErrors = (error: unknown) => formFieldErrors(error, FORM_FIELDS);
