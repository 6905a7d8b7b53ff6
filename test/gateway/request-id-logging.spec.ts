import type { DestinationStream } from 'pino';
import { apiClient, waitFor } from '@portal/testing';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, STRONG_PASSWORD, uniqueEmail, uniqueName } from '../auth/auth-test-kit';
import { type RunningApp, startAuthService, startGateway } from '../support/test-apps';

/** Collects the JSON log lines an app writes. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, stream };
}

describe('a request id follows a request from the gateway into the services', () => {
  const gatewayLogs = logCollector();
  const authLogs = logCollector();
  let auth: RunningApp;
  let gateway: RunningApp;

  beforeAll(async () => {
    const env = { ...ownRedisPrefix('reqid'), LOG_LEVEL: 'debug' };
    auth = await startAuthService({ ...RELAXED_AUTH_LIMITS, ...env }, authLogs.stream);
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env }, gatewayLogs.stream);
  });
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  it('logs the same requestId at the gateway and in the auth service, and none of the password', async () => {
    const api = apiClient(gateway.url);
    const requestId = `trace-${Date.now()}-registration`;
    const captcha = await api.get('/api/auth/captcha');
    const [left, right] = captcha.body.data.question.split('+').map(Number);
    const res = await api.post(
      '/api/auth/register',
      {
        username: uniqueName('reqid'),
        email: uniqueEmail('reqid'),
        password: STRONG_PASSWORD,
        captchaId: captcha.body.data.captchaId,
        captchaAnswer: left + right,
        agreement: true,
      },
      { headers: { 'x-request-id': requestId } },
    );
    expect(res.status).toBe(201);

    expect(gatewayLogs.lines).toContainEqual(expect.objectContaining({ app: 'gateway', requestId, url: '/api/auth/register', status: 201 }));
    const handled = await waitFor(async () => authLogs.lines.find((line) => line.requestId === requestId && line.msg === 'message handled'));
    expect(handled).toMatchObject({ app: 'auth', handler: 'SessionMessageController.register', outcome: 'ok' });
    expect(JSON.stringify([...gatewayLogs.lines, ...authLogs.lines])).not.toContain(STRONG_PASSWORD);
  });
});

/** The access log at the default level (info), with the slow-request threshold given. */
function accessLogAtInfo(slowRequestMs: number) {
  const gatewayLogs = logCollector();
  const authLogs = logCollector();
  let auth: RunningApp | undefined;
  let gateway: RunningApp | undefined;

  beforeAll(async () => {
    const env = { ...ownRedisPrefix('accesslog'), LOG_LEVEL: 'info' };
    auth = await startAuthService({ ...RELAXED_AUTH_LIMITS, ...env }, authLogs.stream);
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env, SLOW_REQUEST_MS: String(slowRequestMs) }, gatewayLogs.stream);
  });
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  return { gatewayLogs, authLogs, api: () => apiClient(gateway!.url) };
}

describe('the access log at the default level (info)', () => {
  // A threshold no request here reaches: the subject is the status, not the time (a cold start can take a second).
  const { gatewayLogs, authLogs, api } = accessLogAtInfo(60_000);

  it('writes a line for a refused request and its failed handler, none for a request that succeeded', async () => {
    const ok = await api().get('/api/auth/captcha', { headers: { 'x-request-id': 'access-log-ok-1' } });
    expect(ok.status).toBe(200);
    const refused = await api().post(
      '/api/auth/login',
      { email: uniqueEmail('accesslog'), password: STRONG_PASSWORD },
      { headers: { 'x-request-id': 'access-log-refused-1' } },
    );
    expect(refused.status).toBe(401);

    await waitFor(async () => gatewayLogs.lines.find((line) => line.requestId === 'access-log-refused-1' && line.msg === 'request'));
    expect(gatewayLogs.lines).toContainEqual(expect.objectContaining({ msg: 'request', requestId: 'access-log-refused-1', status: 401 }));
    expect(gatewayLogs.lines.filter((line) => line.requestId === 'access-log-ok-1')).toEqual([]);
    expect(authLogs.lines.filter((line) => line.msg === 'message handled' && line.outcome === 'ok')).toEqual([]);
    expect(authLogs.lines).toContainEqual(expect.objectContaining({ msg: 'message handled', requestId: 'access-log-refused-1', outcome: 'error' }));
  });
});

describe('the access log at info with a slow-request threshold every request reaches', () => {
  const { gatewayLogs, api } = accessLogAtInfo(1);

  it('writes a line for a request that succeeded but took longer than SLOW_REQUEST_MS', async () => {
    const ok = await api().get('/api/auth/captcha', { headers: { 'x-request-id': 'access-log-slow-1' } });
    expect(ok.status).toBe(200);

    const line = await waitFor(async () => gatewayLogs.lines.find((entry) => entry.requestId === 'access-log-slow-1' && entry.msg === 'request'));
    expect(line).toEqual(expect.objectContaining({ level: 30, status: 200, url: '/api/auth/captcha' }));
    expect(line.ms).toBeGreaterThanOrEqual(1);
  });
});
