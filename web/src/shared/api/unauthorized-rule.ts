/**
 * The automatic sign-out rule of SPEC.md sections 4 and 9: a 401 signs the user out unless the
 * endpoint is exempt, the page is public, or the user is already on the login page.
 */
export const SIGN_OUT_EXEMPT_ENDPOINTS = [
  '/anime/popular',
  '/anime/search',
  '/anime/top',
  '/anime/new',
  '/news',
  '/amv/top',
  '/amv/search',
  '/auth/verify',
  '/auth/login',
  '/auth/register',
  '/auth/vk/callback',
  '/collections',
] as const;

export const PUBLIC_PAGES = ['/', '/login', '/register', '/news', '/catalog', '/amv', '/quiz', '/rankings', '/characters'] as const;

const LOGIN_PAGE = '/login';

/** "/api/news/5?x=1" -> "/news/5": endpoints are compared without the API prefix and the query. */
export function normalizeEndpoint(endpoint: string): string {
  const withoutOrigin = endpoint.replace(/^https?:\/\/[^/]+/, '');
  const path = withoutOrigin.split(/[?#]/)[0] ?? '';
  const withoutApi = path.replace(/^\/api(?=\/|$)/, '');
  return trimTrailingSlash(withoutApi.startsWith('/') ? withoutApi : `/${withoutApi}`);
}

function trimTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** An exempt endpoint covers its sub-paths too (/news exempts /news/5), matched by whole segments. */
export function isSignOutExempt(endpoint: string): boolean {
  const path = normalizeEndpoint(endpoint);
  return SIGN_OUT_EXEMPT_ENDPOINTS.some((exempt) => path === exempt || path.startsWith(`${exempt}/`));
}

/** Public pages are exact paths: /news is public, a news article is not. */
export function isPublicPage(pathname: string): boolean {
  return (PUBLIC_PAGES as readonly string[]).includes(trimTrailingSlash(pathname));
}

export function shouldSignOutOn401(endpoint: string, pathname: string): boolean {
  if (isSignOutExempt(endpoint)) return false;
  const page = trimTrailingSlash(pathname);
  return page !== LOGIN_PAGE && !isPublicPage(page);
}
