/**
 * A first-party cookie the web client keeps while it holds a session (the token itself stays in
 * localStorage and is sent as a bearer header). It tells the gateway that this browser is shown the
 * signed-in pages, so their first screen is worth drawing into index.html; a guest, who is shown the
 * sign-in prompt, gets the plain index.html. It carries and proves nothing: forging it only draws
 * public catalogue data that the prompt then replaces.
 */
export const SESSION_HINT_COOKIE = 'portal_session';

/** Whether a Cookie header carries the hint. */
export const hasSessionHint = (cookieHeader: string | undefined): boolean =>
  cookieHeader !== undefined && new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)`).test(cookieHeader);
