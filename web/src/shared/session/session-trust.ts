/** SPEC.md section 2: on these paths a stored session is trusted without asking the server. */
export const TRUSTED_SESSION_PATHS = ['/', '/login', '/register', '/news', '/catalog', '/amv'] as const;

export function isSessionTrustedOnPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (TRUSTED_SESSION_PATHS as readonly string[]).includes(path);
}
