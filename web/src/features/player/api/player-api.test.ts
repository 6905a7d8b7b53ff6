import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveProgressOnLeave } from './player-api';

afterEach(() => vi.unstubAllGlobals());

describe('saving progress when the page is left', () => {
  it('sends a keepalive POST with the bearer token (sendBeacon cannot carry it)', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    saveProgressOnLeave({ animeId: 20, episode: 1, position: 754, duration: 1420 }, 'jwt-token');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/progress');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer jwt-token');
    expect(JSON.parse(String(init.body))).toEqual({ animeId: 20, episode: 1, position: 754, duration: 1420 });
  });

  it('sends nothing for a guest', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    saveProgressOnLeave({ animeId: 20, episode: 1, position: 754 }, null);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
