import { authEnvSchema, gatewayEnvSchema } from './env-schemas';
import { ConfigError, exitOnConfigError, loadConfig } from './load-config';

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('configuration checked at boot', () => {
  it('names every missing or bad variable in one line', () => {
    const error = captureError(() => loadConfig(authEnvSchema, { REDIS_URL: 'localhost:6379', JWT_SECRET: 'short' }));
    expect(error).toBeInstanceOf(ConfigError);
    const { message } = error as Error;
    expect(message).not.toContain('\n');
    expect(message).toMatch(/REDIS_URL: must start with redis:\/\//);
    expect(message).toMatch(/DATABASE_URL: required/);
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
  });

  it('applies defaults and coerces numbers and booleans', () => {
    const config = loadConfig(gatewayEnvSchema, { REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: 'true', PORT: '8080' });
    expect(config).toMatchObject({ PORT: 8080, TRUST_PROXY: true, RPC_TIMEOUT_MS: 5000, REDIS_KEY_PREFIX: 'portal:', JWT_EXPIRES_IN: '7d' });
  });

  it('stops the process with exit code 1 after printing the line', () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    try {
      expect(() => exitOnConfigError(new ConfigError('invalid environment: PORT: too big'), 'gateway')).toThrow('exit 1');
      expect(write).toHaveBeenCalledWith('[gateway] invalid environment: PORT: too big\n');
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
  });

  it('lets errors other than configuration errors through', () => {
    const boom = new Error('database unreachable');
    expect(() => exitOnConfigError(boom, 'auth')).toThrow(boom);
  });
});
