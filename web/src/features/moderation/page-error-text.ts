import { errorMessage } from '../../shared/api/api-error';

/**
 * InfiniteList's error text for a moderation list: the server's message when the list could not load
 * (its title says what failed), the same message after `prefix` when only the next page failed.
 */
export const pageErrorText =
  (list: { isFetchNextPageError: boolean }, prefix: string) =>
  (error: unknown): string =>
    list.isFetchNextPageError ? `${prefix}: ${errorMessage(error)}` : errorMessage(error);
