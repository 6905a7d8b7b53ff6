import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { tokenStorage } from './token-storage';

const hint = () => document.cookie.split(/;\s*/).includes('portal_session=1');

describe('tokenStorage and the session hint cookie (the gateway draws signed-in pages only for it)', () => {
  afterEach(() => tokenStorage.clear());

  it('sets the hint with the session and clears it with the session', () => {
    expect(hint()).toBe(false);
    tokenStorage.save('jwt-1', makeUser());
    expect(hint()).toBe(true);
    tokenStorage.clear();
    expect(hint()).toBe(false);
    expect(tokenStorage.read()).toBeNull();
  });

  it('gives a session stored before the hint existed its hint when read', () => {
    window.localStorage.setItem('token', 'jwt-old');
    expect(hint()).toBe(false);
    expect(tokenStorage.read()?.token).toBe('jwt-old');
    expect(hint()).toBe(true);
  });

  it('sets no hint when reading finds no session', () => {
    expect(tokenStorage.read()).toBeNull();
    expect(hint()).toBe(false);
  });
});
