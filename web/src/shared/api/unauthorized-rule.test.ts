import { describe, expect, it } from 'vitest';
import { isPublicPage, isSignOutExempt, normalizeEndpoint, shouldSignOutOn401, SIGN_OUT_EXEMPT_ENDPOINTS } from './unauthorized-rule';

describe('the 401 sign-out rule', () => {
  it('signs out on a non-exempt endpoint while on a private page', () => {
    expect(shouldSignOutOn401('/users/anime/status', '/profile')).toBe(true);
    expect(shouldSignOutOn401('/api/auth/profile', '/settings')).toBe(true);
  });

  it.each(SIGN_OUT_EXEMPT_ENDPOINTS)('never signs out because of the exempt endpoint %s', (endpoint) => {
    expect(shouldSignOutOn401(endpoint, '/profile')).toBe(false);
    expect(shouldSignOutOn401(`/api${endpoint}?page=2`, '/settings')).toBe(false);
  });

  it('treats sub-paths of an exempt endpoint as exempt, but not look-alike prefixes', () => {
    expect(isSignOutExempt('/news/42')).toBe(true);
    expect(isSignOutExempt('/newsletter')).toBe(false);
    expect(isSignOutExempt('/collections/7')).toBe(true);
    expect(isSignOutExempt('/auth/profile')).toBe(false);
  });

  it.each(['/', '/login', '/register', '/news', '/catalog', '/amv', '/quiz', '/rankings', '/characters'])('keeps the session on the public page %s', (page) => {
    expect(isPublicPage(page)).toBe(true);
    expect(shouldSignOutOn401('/users/anime/status', page)).toBe(false);
  });

  it('treats public pages as exact paths', () => {
    expect(isPublicPage('/news/5')).toBe(false);
    expect(isPublicPage('/catalog/')).toBe(true);
    expect(shouldSignOutOn401('/comments', '/news/5')).toBe(true);
  });

  it('normalizes absolute URLs, the /api prefix and the query string', () => {
    expect(normalizeEndpoint('http://localhost:3000/api/auth/login?x=1')).toBe('/auth/login');
    expect(normalizeEndpoint('reviews/3/')).toBe('/reviews/3');
  });
});
