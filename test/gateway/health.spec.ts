import { healthPattern, SERVICE_NAMES } from '@portal/contracts';
import { type ApiClient, apiClient, waitFor } from '@portal/testing';
import {
  type RunningApp,
  startAuthService,
  startChatService,
  startGateway,
  startModerationService,
  startPlatformService,
  startRewardsService,
} from '../support/test-apps';
import { gatewayCallsOf } from '../support/gateway-calls';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';

const WINDOW_MS = 1000;
/**
 * Longer than a test may take: a service is reported down because none of its replicas is alive,
 * never because a call missed its deadline, and a loaded machine has all the time it needs to answer.
 */
const RPC_TIMEOUT_MS = 60_000;
/** The same for a service's own check of its database and Redis (HEALTH_CHECK_TIMEOUT_MS, 2 s by default). */
const HEALTH_CHECK_TIMEOUT_MS = String(RPC_TIMEOUT_MS);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET /api/health shares one probe of the services between concurrent requests and for a second
 * after it: anonymous traffic cannot make the gateway fan out six RPC calls per request.
 */
describe('GET /api/health: one shared probe per second', () => {
  const prefix = { ...ownRedisPrefix('health'), HEALTH_CHECK_TIMEOUT_MS };
  const started: RunningApp[] = [];
  let chat: RunningApp | undefined;
  let gateway: RunningApp;
  let api: ApiClient;
  /** `<service>.health` calls the gateway has made since `resetProbes`. */
  let probesBefore: Record<string, number> = {};
  const callsPerService = async () =>
    Object.fromEntries(await Promise.all(SERVICE_NAMES.map(async (service) => [service, await gatewayCallsOf(healthPattern(service))] as const)));
  const resetProbes = async () => {
    probesBefore = await callsPerService();
  };
  const counts = async () => {
    const now = await callsPerService();
    return Object.fromEntries(SERVICE_NAMES.map((service) => [service, now[service] - (probesBefore[service] ?? 0)]));
  };
  const everyService = <T>(value: T) => Object.fromEntries(SERVICE_NAMES.map((service) => [service, value]));

  beforeAll(async () => {
    started.push(await startAuthService({ ...RELAXED_AUTH_LIMITS, ...prefix }));
    started.push(await startModerationService(prefix));
    for (const service of ['catalogue', 'community'] as const) started.push(await startPlatformService(service, prefix));
    started.push(await startRewardsService(prefix));
    chat = await startChatService(prefix);
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...prefix, RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS) });
    api = apiClient(gateway.url);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await chat?.close();
    for (const app of started.reverse()) await app.close();
  });

  it('50 concurrent requests and those of the next second cost one health call per service', async () => {
    await waitFor(async () => (await api.get('/api/health')).status === 200, 10_000, 100);
    await sleep(WINDOW_MS + 200); // the warm-up's answer has expired
    await resetProbes();

    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.get('/api/health')));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    expect(answers[0].body).toEqual({ success: true, data: { status: 'up', services: everyService('up') } });
    // Within the window: the same answer, no new call.
    const later = await Promise.all(Array.from({ length: 20 }, () => api.get('/api/health')));
    expect(later.every((res) => res.status === 200)).toBe(true);
    const elapsed = Date.now() - started;
    // One probe per window: one in all, unless a loaded machine stretched the 70 requests past a window.
    const windows = 1 + Math.floor(elapsed / WINDOW_MS);
    const probes = await counts();
    process.stdout.write(`70 health requests in ${elapsed} ms (${windows} window(s)): ${JSON.stringify(probes)} probes\n`);
    expect(new Set(Object.values(probes)).size).toBe(1);
    expect(probes.auth).toBeGreaterThanOrEqual(1);
    expect(probes.auth).toBeLessThanOrEqual(windows);
    await resetProbes();

    // After the window the next request asks again.
    await sleep(WINDOW_MS + 200);
    expect((await api.get('/api/health')).status).toBe(200);
    expect(await counts()).toEqual(everyService(1));
  });

  it('a service going down is reported after the window, without waiting for a deadline: 503 naming it', async () => {
    expect((await api.get('/api/health')).status).toBe(200);
    await chat!.close();
    chat = undefined;
    const res = await waitFor(
      async () => {
        const answer = await api.get('/api/health');
        return answer.status === 503 ? answer : null;
      },
      10_000,
      50,
    );
    expect(res.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', errors: [{ field: 'chat', message: 'Сервис недоступен' }] });
  });
});
