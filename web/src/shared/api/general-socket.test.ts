import { describe, expect, it } from 'vitest';
import { generalSocketAuth, getClientId } from './general-socket';

describe('general socket identity', () => {
  it('keeps one random client id per browser, in the format the server accepts', () => {
    const id = getClientId();
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(window.localStorage.getItem('clientId')).toBe(id);
    expect(getClientId()).toBe(id);
  });

  it('replaces a stored id the server would refuse', () => {
    window.localStorage.setItem('clientId', 'bad id!');
    const id = getClientId();
    expect(id).not.toBe('bad id!');
    expect(id).toMatch(/^[\w-]{8,64}$/);
  });

  it('sends the token and username only when set, and the client id always', () => {
    expect(generalSocketAuth({ token: null, username: null }, 'client-0001')).toEqual({ clientId: 'client-0001' });
    expect(generalSocketAuth({ token: 'jwt', username: 'sakura' }, 'client-0001')).toEqual({ token: 'jwt', username: 'sakura', clientId: 'client-0001' });
  });
});
