import { apiClient, solveCaptcha } from '@portal/testing';
import { type RunningApp, startAuthService, startGateway } from '../support/test-apps';

describe('registration through the gateway', () => {
  let auth: RunningApp;
  let gateway: RunningApp;

  beforeAll(async () => {
    auth = await startAuthService();
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  it('registers a new user with a solved captcha and returns a token without secrets', async () => {
    const api = apiClient(gateway.url);
    const captcha = await api.get('/api/auth/captcha');
    const res = await api.post('/api/auth/register', {
      username: 'smokeuser' + Date.now().toString(36),
      email: `smoke${Date.now()}@example.com`,
      password: 'Tr0ub4dor&3-horse',
      captchaId: captcha.body.data.captchaId,
      captchaAnswer: solveCaptcha(captcha.body.data.question),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.token).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
  });
});
