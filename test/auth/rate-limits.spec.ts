import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { type ApiClient, type ApiResult, apiClient } from '@portal/testing';
import { type RunningApp, startAuthService, startGateway } from '../support/test-apps';
import {
  fromIp,
  ownRedisPrefix,
  type RegisteredUser,
  register,
  registerUser,
  RELAXED_GATEWAY_LIMITS,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
  uniqueName,
} from './auth-test-kit';

const LOGIN_FAILURES_PER_IP = 5;
const LOGIN_FAILURES_PER_ACCOUNT_AND_IP = 3;
const REGISTRATIONS_PER_IP = 3;
const GLOBAL_PER_MINUTE = 6;

/**
 * Every scenario uses client addresses of its own (X-Forwarded-For through TRUST_PROXY=true), since
 * the counters live in the run's shared Redis.
 */
describe('rate limits', () => {
  let auth: RunningApp;
  let gateway: RunningApp;
  let api: ApiClient;

  const prefix = ownRedisPrefix('limits');

  beforeAll(async () => {
    auth = await startAuthService({
      ...prefix,
      RATE_LIMIT_LOGIN_IP_PER_15MIN: String(LOGIN_FAILURES_PER_IP),
      RATE_LIMIT_LOGIN_ACCOUNT_PER_15MIN: String(LOGIN_FAILURES_PER_ACCOUNT_AND_IP),
      RATE_LIMIT_REGISTER_IP_PER_HOUR: String(REGISTRATIONS_PER_IP),
    });
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...prefix, TRUST_PROXY: 'true' });
    api = apiClient(gateway.url);
  });
  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  function expectRateLimited(res: ApiResult<Record<string, any>>, maxSeconds: number) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ success: false, code: ErrorCode.RateLimited, message: GENERIC_MESSAGES.rateLimited });
    const retryAfter = res.headers.get('retry-after');
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
  }

  const login = (email: string, password: string, ip: string) => api.post('/api/auth/login', { email, password }, fromIp(ip));

  describe('failed logins per IP', () => {
    let victim: RegisteredUser;

    beforeAll(async () => {
      victim = await registerUser(api, 'ipvictim', fromIp(uniqueIp()));
    });

    it(`answers 429 with Retry-After after ${LOGIN_FAILURES_PER_IP} failures from one IP, while another IP still signs in`, async () => {
      const attackerIp = uniqueIp();
      for (let attempt = 0; attempt < LOGIN_FAILURES_PER_IP; attempt++) {
        // Different accounts each time, so only the per-IP budget runs out.
        const res = await login(uniqueEmail('guess'), 'wrong-password', attackerIp);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe(ErrorCode.InvalidCredentials);
      }
      expectRateLimited(await login(uniqueEmail('guess'), 'wrong-password', attackerIp), 15 * 60);
      // Blocked before the password is checked: even the right one is refused from this IP.
      expectRateLimited(await login(victim.email, victim.password, attackerIp), 15 * 60);

      const elsewhere = await login(victim.email, victim.password, uniqueIp());
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body.data.user.id).toBe(victim.id);
    });

    it('does not count successful logins', async () => {
      const ip = uniqueIp();
      for (let attempt = 0; attempt < LOGIN_FAILURES_PER_IP + 2; attempt++) {
        expect((await login(victim.email, victim.password, ip)).status).toBe(200);
      }
    });
  });

  describe('failed logins per account and IP', () => {
    let victim: RegisteredUser;

    beforeAll(async () => {
      victim = await registerUser(api, 'acctvictim', fromIp(uniqueIp()));
    });

    it("blocks the attacker's IP on the victim's account but never locks the victim out of their own IP", async () => {
      const attackerIp = uniqueIp();
      const victimIp = uniqueIp();
      for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT_AND_IP; attempt++) {
        expect((await login(victim.email, `guess-${attempt}`, attackerIp)).status).toBe(401);
      }
      expectRateLimited(await login(victim.email, victim.password, attackerIp), 15 * 60);
      // The same letters in another case are the same account.
      expectRateLimited(await login(victim.email.toUpperCase(), 'guess-x', attackerIp), 15 * 60);

      const own = await login(victim.email, victim.password, victimIp);
      expect(own.status).toBe(200);
      expect(own.body.data.token).toEqual(expect.any(String));

      // The attacker's IP budget is not spent yet: other accounts still get a normal answer.
      const other = await login(uniqueEmail('other'), 'whatever1', attackerIp);
      expect(other.status).toBe(401);
      expect(other.body.code).toBe(ErrorCode.InvalidCredentials);
    });

    it('clears the account budget of an IP after a successful login there', async () => {
      const ip = uniqueIp();
      for (let round = 0; round < 2; round++) {
        for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT_AND_IP - 1; attempt++) {
          expect((await login(victim.email, 'typo-typo', ip)).status).toBe(401);
        }
        expect((await login(victim.email, victim.password, ip)).status).toBe(200);
      }
    });
  });

  describe('registrations per IP', () => {
    it(`answers 429 with Retry-After after ${REGISTRATIONS_PER_IP} registrations from one IP; another IP still registers`, async () => {
      const ip = uniqueIp();
      for (let attempt = 0; attempt < REGISTRATIONS_PER_IP; attempt++) {
        const res = await register(api, { username: uniqueName('regflood'), email: uniqueEmail('regflood'), password: STRONG_PASSWORD }, fromIp(ip));
        expect(res.status).toBe(201);
      }
      const username = uniqueName('regflood');
      const blocked = await register(api, { username, email: uniqueEmail('regflood'), password: STRONG_PASSWORD }, fromIp(ip));
      expectRateLimited(blocked, 60 * 60);
      expect((await api.get(`/api/users/profile/${username}`)).status).toBe(404);

      const elsewhere = await register(api, { username, email: uniqueEmail('regflood'), password: STRONG_PASSWORD }, fromIp(uniqueIp()));
      expect(elsewhere.status).toBe(201);
    });
  });

  describe('the gateway-wide limit per IP', () => {
    let gatewayA: RunningApp;
    let gatewayB: RunningApp;

    beforeAll(async () => {
      const env = { ...prefix, TRUST_PROXY: 'true', RATE_LIMIT_GLOBAL_PER_MINUTE: String(GLOBAL_PER_MINUTE) };
      gatewayA = await startGateway(env);
      gatewayB = await startGateway(env);
    });
    afterAll(async () => {
      await gatewayA?.close();
      await gatewayB?.close();
    });

    it('counts requests to two replicas sharing Redis together and answers 429 with Retry-After on both', async () => {
      const replicas = [apiClient(gatewayA.url), apiClient(gatewayB.url)];
      const ip = uniqueIp();
      // Replicas add up their counts in Redis every 100 ms; requests further apart than that are
      // counted exactly (closer ones may overshoot by what one flush interval admits).
      for (let request = 0; request < GLOBAL_PER_MINUTE; request++) {
        const res = await replicas[request % 2].get('/api/telegram/channel-info', fromIp(ip));
        expect(res.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expectRateLimited(await replicas[0].get('/api/telegram/channel-info', fromIp(ip)), 60);
      expectRateLimited(await replicas[1].get('/api/auth/captcha', fromIp(ip)), 60);

      // Another client is unaffected, and health probes are never limited.
      expect((await replicas[1].get('/api/telegram/channel-info', fromIp(uniqueIp()))).status).toBe(200);
      expect((await replicas[0].get('/api/health/live', fromIp(ip))).status).toBe(200);
    });
  });
});
