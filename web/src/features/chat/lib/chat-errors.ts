import { CHAT_MESSAGES, ErrorCode } from '@portal/contracts';
import { isApiError } from '../../../shared/api/api-error';
import { CHAT_STRINGS } from '../strings';

/** Toast text of a failed load: the server's message, else the "check the connection" text. */
export function loadErrorText(error: unknown): string {
  if (isApiError(error) && error.status !== null && error.hasSpecificMessage && error.message) return error.message;
  return CHAT_STRINGS.loadErrorFallback;
}

/** Toast text of a failed send: the server's message (a 429 also says how long to wait), else the status. */
export function sendErrorText(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error && error.message ? error.message : CHAT_STRINGS.sendErrorFallback;
  if (error.status === 429 || error.code === ErrorCode.RateLimited) {
    const message = error.hasSpecificMessage ? error.message : CHAT_MESSAGES.rateLimited;
    const wait = error.retryAfterSeconds ? ` ${CHAT_STRINGS.retryAfter(error.retryAfterSeconds)}` : '';
    return `${message.replace(/[.!]?$/, '.')}${wait}`;
  }
  if (error.hasSpecificMessage || error.status === null) return error.message;
  return CHAT_STRINGS.sendErrorStatus(error.status);
}

/** Toast text of a failed delete. */
export function deleteErrorText(error: unknown): string {
  return isApiError(error) && error.hasSpecificMessage ? error.message : CHAT_STRINGS.deleteErrorFallback;
}
