/**
 * A first-party cookie the web client keeps while it holds a session: the session's token, which the
 * client also keeps in localStorage and sends as a bearer header. It tells the gateway that this browser
 * is shown the signed-in pages, so their first screen is worth drawing into index.html, and whose they
 * are: the home page's first row is the viewer's own «Продолжить просмотр». A guest, who is shown the
 * sign-in prompt, gets the plain index.html.
 *
 * The API never reads it (only the bearer header authenticates a call), so a request another site makes
 * the browser send does nothing with it; the gateway uses it only to draw that viewer's own page, answered
 * `private`. It exposes the token no further than localStorage already does (docs/security.md).
 */
export const SESSION_HINT_COOKIE = 'portal_session';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const HINT_VALUE = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=([^;]*)`);

/** The cookie's value in a Cookie header ('' when absent). */
const hintValue = (cookieHeader: string | undefined): string => (cookieHeader === undefined ? '' : (HINT_VALUE.exec(cookieHeader)?.[1] ?? '').trim());

/** The session token a Cookie header's hint carries, or null (no hint, or one set before it carried the token). */
export function sessionHintToken(cookieHeader: string | undefined): string | null {
  const value = hintValue(cookieHeader);
  return JWT_SHAPE.test(value) ? value : null;
}

/** Whether a Cookie header carries the hint (a token, or the "1" of clients before it carried one). */
export const hasSessionHint = (cookieHeader: string | undefined): boolean => {
  const value = hintValue(cookieHeader);
  return value === '1' || JWT_SHAPE.test(value);
};
