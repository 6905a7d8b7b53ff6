import { hasSessionHint, SESSION_HINT_COOKIE } from '@portal/contracts';

/** A year: the hint outlives no session by much, since it is renewed or cleared whenever the session is read or ends. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Sets or clears the session hint cookie (see @portal/contracts' session-hint). */
export function setSessionHint(present: boolean): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${SESSION_HINT_COOKIE}=${present ? `1; Max-Age=${MAX_AGE_SECONDS}` : '; Max-Age=0'}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // No cookies (a sandboxed frame): the pages then start from the plain shell.
  }
}

export const hasSessionHintCookie = (): boolean => hasSessionHint(document.cookie);
