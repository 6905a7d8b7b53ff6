import { SESSION_HINT_COOKIE, sessionHintToken } from '@portal/contracts';

/** A year: the hint outlives no session by much, since it is renewed or cleared whenever the session is read or ends. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Sets the session hint cookie to the session's token, or clears it with null (see @portal/contracts' session-hint). */
export function setSessionHint(token: string | null): void {
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${SESSION_HINT_COOKIE}=${token ? `${token}; Max-Age=${MAX_AGE_SECONDS}` : '; Max-Age=0'}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // No cookies (a sandboxed frame): the pages then start from the plain shell.
  }
}

/** Whether the hint cookie carries this token. */
export const sessionHintCarries = (token: string): boolean => sessionHintToken(document.cookie) === token;
