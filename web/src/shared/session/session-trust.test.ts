import { describe, expect, it } from 'vitest';
import { isSessionTrustedOnPath } from './session-trust';

describe('session trust by path', () => {
  it.each(['/', '/login', '/register', '/news', '/catalog', '/amv', '/amv/'])('trusts a stored session on %s', (path) => {
    expect(isSessionTrustedOnPath(path)).toBe(true);
  });

  it.each(['/profile', '/quiz', '/rankings', '/news/1', '/settings', '/admin'])('verifies with the server on %s', (path) => {
    expect(isSessionTrustedOnPath(path)).toBe(false);
  });
});
