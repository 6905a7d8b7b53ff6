import { COMMENT_MESSAGES, ErrorCode } from '@portal/contracts';
import { errorMessage, formFieldErrors, isApiError } from '../../../shared/api/api-error';
import { COMMENTS_STRINGS } from '../strings';

/** The fields of the form an API error can name (the rest is shown above the submit button). */
export type CommentFormField = 'content' | 'episode' | 'at';
const FORM_FIELDS: readonly CommentFormField[] = ['content', 'episode', 'at'];

/** The error's text: the server's Russian message; a 429 also says how long to wait (Retry-After). */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return errorMessage(error);
  if (error.status === 429 || error.code === ErrorCode.RateLimited) {
    const message = error.hasSpecificMessage ? error.message : COMMENT_MESSAGES.rateLimited;
    const wait = error.retryAfterSeconds ? ` ${COMMENTS_STRINGS.retryAfter(error.retryAfterSeconds)}` : '';
    return `${message.replace(/[.!]?$/, '.')}${wait}`;
  }
  return error.message;
}

/** Field errors of a failed post or edit, under their fields; everything else as one form-level message. */
export const formErrors = (error: unknown) => formFieldErrors(error, FORM_FIELDS, errorText);
