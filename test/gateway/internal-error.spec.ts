import Redis from 'ioredis';
import type { DestinationStream } from 'pino';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { apiClient, solveCaptcha, waitFor } from '@portal/testing';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, STRONG_PASSWORD, uniqueEmail, uniqueIp, uniqueName } from '../auth/auth-test-kit';
import { type RunningApp, startAuthService, startGateway } from '../support/test-apps';

describe('an unexpected failure inside a service', () => {
  const authLogs: Record<string, unknown>[] = [];
  const logTo: DestinationStream = { write: (line: string) => void authLogs.push(JSON.parse(line)) };
  const env = ownRedisPrefix('crash');
  let auth: RunningApp;
  let gateway: RunningApp;
  let redis: Redis;

  beforeAll(async () => {
    auth = await startAuthService({ ...RELAXED_AUTH_LIMITS, ...env, LOG_LEVEL: 'error' }, logTo);
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env, TRUST_PROXY: 'true' });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.quit();
    await gateway?.close();
    await auth?.close();
  });

  it('answers 500 in the envelope with a generic Russian message, and logs the cause with the request id', async () => {
    const ip = uniqueIp();
    // Corrupt state the service relies on: its registration counter for this IP is not a counter.
    await redis.hset(`${env.REDIS_KEY_PREFIX}auth:rl:register-ip:${ip}`, 'broken', '1');
    const api = apiClient(gateway.url);
    const captcha = await api.get('/api/auth/captcha');
    const requestId = `crash-${Date.now()}-request`;
    const res = await api.post(
      '/api/auth/register',
      {
        username: uniqueName('crash'),
        email: uniqueEmail('crash'),
        password: STRONG_PASSWORD,
        captchaId: captcha.body.data.captchaId,
        captchaAnswer: solveCaptcha(captcha.body.data.question),
        agreement: true,
      },
      { headers: { 'x-forwarded-for': ip, 'x-request-id': requestId } },
    );

    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, code: ErrorCode.Internal, message: GENERIC_MESSAGES.internal });
    expect(JSON.stringify(res.body)).not.toMatch(/WRONGTYPE|\bat \w|\.ts:\d/);
    const logged = await waitFor(async () => authLogs.find((line) => line.requestId === requestId && line.level === 50));
    expect(JSON.stringify(logged)).toMatch(/WRONGTYPE/);
  });
});
