import { describe, expect, it } from 'vitest';
import { parseWebEnv, webEnvDefines } from './env-schema';

describe('web environment', () => {
  it('fills defaults when nothing is set', () => {
    const env = parseWebEnv({});
    expect(env.VITE_API_BASE_URL).toBe('/api');
    expect(webEnvDefines(env)['import.meta.env.VITE_API_BASE_URL']).toBe('"/api"');
  });

  it('fails with one line naming every bad variable', () => {
    expect(() => parseWebEnv({ VITE_API_BASE_URL: 'http://elsewhere/api', VITE_CONTACT_EMAIL: 'nope' })).toThrow(
      /^Invalid web environment: VITE_API_BASE_URL: .*; VITE_CONTACT_EMAIL: /,
    );
  });
});
