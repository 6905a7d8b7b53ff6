import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { tokenStorage } from './token-storage';

/** The hint cookie's value, or null without one. */
const hint = () =>
  document.cookie
    .split(/;\s*/)
    .find((pair) => pair.startsWith('portal_session='))
    ?.slice('portal_session='.length) ?? null;

describe('tokenStorage and the session hint cookie (the gateway draws signed-in pages only for it)', () => {
  afterEach(() => tokenStorage.clear());

  it('sets the hint to the session token with the session and clears it with the session', () => {
    expect(hint()).toBeNull();
    tokenStorage.save('h.p.s1', makeUser());
    expect(hint()).toBe('h.p.s1');
    tokenStorage.save('h.p.s2', makeUser());
    expect(hint()).toBe('h.p.s2');
    tokenStorage.clear();
    expect(hint()).toBeNull();
    expect(tokenStorage.read()).toBeNull();
  });

  it('gives a session stored before the hint carried the token its token when read', () => {
    window.localStorage.setItem('token', 'h.p.old');
    document.cookie = 'portal_session=1; Path=/';
    expect(tokenStorage.read()?.token).toBe('h.p.old');
    expect(hint()).toBe('h.p.old');
  });

  it('sets no hint when reading finds no session', () => {
    expect(tokenStorage.read()).toBeNull();
    expect(hint()).toBeNull();
  });
});
