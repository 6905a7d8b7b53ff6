import { AUTH_MESSAGES, usernameFormatError } from '@portal/contracts';
import { USERNAME_CHECK_DEBOUNCE_MS } from '../../../shared/config/constants';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useUsernameAvailabilityQuery } from '../api/check-username';

export type UsernameCheckStatus = 'idle' | 'typing' | 'invalid' | 'checking' | 'available' | 'taken' | 'failed';

export interface UsernameCheck {
  status: UsernameCheckStatus;
  message: string | null;
  /** True when the username is known to be unusable: blocks the submit button. */
  isError: boolean;
}

/** Live check 500 ms after typing stops: format first (no request), then the server. */
export function useUsernameAvailability(username: string): UsernameCheck {
  const value = username.trim();
  const settled = useDebouncedValue(value, USERNAME_CHECK_DEBOUNCE_MS);
  const formatError = settled === '' ? null : usernameFormatError(settled);
  const query = useUsernameAvailabilityQuery(settled, settled !== '' && formatError === null);

  if (value === '') return { status: 'idle', message: null, isError: false };
  if (value !== settled) return { status: 'typing', message: null, isError: false };
  if (formatError) return { status: 'invalid', message: formatError, isError: true };
  if (query.isPending) return { status: 'checking', message: AUTH_MESSAGES.usernameChecking, isError: false };
  if (query.isError) return { status: 'failed', message: AUTH_MESSAGES.usernameCheckFailed, isError: true };
  if (query.data.available) {
    return { status: 'available', message: query.data.message || AUTH_MESSAGES.usernameFree, isError: false };
  }
  return { status: 'taken', message: query.data.message || AUTH_MESSAGES.usernameTaken, isError: true };
}
