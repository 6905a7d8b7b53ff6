import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { DestinationStream } from 'pino';
import { io, type Socket } from 'socket.io-client';
import { EVENT_QUEUE_OF } from '@portal/contracts';
import { ConfigError, gatewayEnvSchema, loadConfig } from '@portal/config';
import { bullPrefix } from '@portal/messaging';
import { metricsRegistry, startDefaultMetrics } from '@portal/platform';
import { apiClient, waitFor } from '@portal/testing';
import { isInternalAddress } from '../../apps/gateway/src/http/metrics-access';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, uniqueEmail, uniqueName } from '../auth/auth-test-kit';
import { type RunningApp, startAuthService, startChatService, startGateway } from '../support/test-apps';
import { BROWSER_USER_AGENT as BROWSER } from '../support/socket-clients';

/**
 * `/metrics` of the gateway and of the services (docs/deployment.md, «Observability»). The apps of
 * this file run in one process and so share its one registry, as two containers would not: each
 * assertion looks at the series the app under test records (its labels), not at what the other
 * apps' endpoints leave out.
 */

const METRICS_TOKEN = 'metrics-token-for-the-metrics-spec';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, the sample lines only. */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, rawLabels = '', value] = /^([\w:]+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries([...rawLabels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, val]) => [key, val]));
      return { name, labels, value: Number(value) };
    });
}

/** The value of the one series with these labels (0 when it does not exist yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, val]) => sample.labels[key] === val));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} series`);
  return found[0]?.value ?? 0;
}

async function scrape(url: string, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text());
}

function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream: DestinationStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, stream };
}

describe('metrics', () => {
  const env = ownRedisPrefix('metrics');
  const authLogs = logCollector();
  let auth: RunningApp;
  let chat: RunningApp;
  let gateway: RunningApp;
  const api = () => apiClient(gateway.url);

  beforeAll(async () => {
    // Its lines go to the collector only: the trace-id test reads its `message handled` lines.
    auth = await startAuthService({ ...RELAXED_AUTH_LIMITS, ...env, LOG_LEVEL: 'debug' }, authLogs.stream);
    chat = await startChatService(env);
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env, TRUST_PROXY: 'true', METRICS_TOKEN });
  });
  afterAll(async () => {
    await gateway?.close();
    await chat?.close();
    await auth?.close();
  });

  describe('a service counts and times every message it handles, by pattern and outcome', () => {
    it('counts ok and error outcomes on its probe port, next to /health', async () => {
      const before = await scrape(auth.url);
      for (let i = 0; i < 3; i += 1) expect((await api().get('/api/auth/captcha')).status).toBe(200);
      const failed = await api().post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'not-the-password-1' });
      expect(failed.status).toBe(401);

      const after = await scrape(auth.url);
      const ok = { service: 'auth', pattern: 'auth.captcha.create', outcome: 'ok' };
      expect(valueOf(after, 'portal_rpc_requests_total', ok) - valueOf(before, 'portal_rpc_requests_total', ok)).toBe(3);
      const error = { service: 'auth', pattern: 'auth.user.login', outcome: 'error' };
      expect(valueOf(after, 'portal_rpc_requests_total', error) - valueOf(before, 'portal_rpc_requests_total', error)).toBe(1);
      const timed = { service: 'auth', pattern: 'auth.captcha.create' };
      const count = (samples: Sample[]) => valueOf(samples, 'portal_rpc_request_duration_seconds_count', timed);
      expect(count(after) - count(before)).toBe(3);
      expect(valueOf(after, 'portal_rpc_request_duration_seconds_bucket', { ...timed, le: '+Inf' })).toBe(count(after));
      expect(valueOf(after, 'portal_rpc_request_duration_seconds_sum', timed)).toBeGreaterThan(0);
      // Default process metrics, under the portal_ prefix.
      expect(valueOf(after, 'portal_process_cpu_seconds_total', {})).toBeGreaterThan(0);
    });

    it('serves /metrics without any credentials on the probe port (never exposed outside the cluster)', async () => {
      const res = await fetch(`${chat.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(res.status).toBe(200);
    });
  });

  describe('the gateway counts HTTP requests by route pattern and its calls to the services', () => {
    it('labels a request by its matched route, never by the raw URL', async () => {
      const before = await scrape(gateway.url);
      const username = uniqueName('ghost');
      for (let i = 0; i < 2; i += 1) expect((await api().get(`/api/users/profile/${username}`)).status).toBe(404);
      for (let i = 0; i < 3; i += 1) expect((await api().get('/api/auth/captcha')).status).toBe(200);
      const missing = `/api/no-such-route-${randomUUID()}`;
      expect((await api().get(missing)).status).toBe(404);

      const after = await scrape(gateway.url);
      const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
      expect(delta('portal_http_requests_total', { method: 'GET', route: '/api/auth/captcha', status: '200' })).toBe(3);
      expect(delta('portal_http_requests_total', { method: 'GET', route: '/api/users/profile/:username', status: '404' })).toBe(2);
      expect(delta('portal_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
      expect(delta('portal_http_request_duration_seconds_count', { method: 'GET', route: '/api/auth/captcha' })).toBe(3);
      const routes = after.filter((sample) => sample.name === 'portal_http_requests_total').map((sample) => sample.labels.route);
      expect(routes.some((route) => route.includes(username) || route.includes(missing))).toBe(false);

      expect(delta('portal_rpc_client_calls_total', { pattern: 'auth.captcha.create', outcome: 'ok' })).toBe(3);
      expect(delta('portal_rpc_client_calls_total', { pattern: 'auth.user.profile', outcome: 'error' })).toBe(2);
      expect(delta('portal_rpc_client_call_duration_seconds_count', { pattern: 'auth.captcha.create' })).toBe(3);
    });

    it('counts the socket.io connections of each namespace while they are open', async () => {
      const gauge = async () => {
        const samples = await scrape(gateway.url);
        return { root: valueOf(samples, 'portal_socket_connections', { socket_namespace: '/' }), engine: valueOf(samples, 'socketio_connections', {}) };
      };
      expect(await gauge()).toEqual({ root: 0, engine: 0 });
      const socket: Socket = io(gateway.url, {
        path: '/socket.io/',
        transports: ['websocket'],
        extraHeaders: { 'user-agent': BROWSER },
        reconnection: false,
        forceNew: true,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        expect(await gauge()).toEqual({ root: 1, engine: 1 });
      } finally {
        socket.disconnect();
      }
      await waitFor(async () => (await gauge()).engine === 0);
      expect(await gauge()).toEqual({ root: 0, engine: 0 });
    });
  });

  describe("a service's event queue: jobs by state at scrape time, failed handler attempts", () => {
    it('reports the delayed and failed jobs of its own queue', async () => {
      const queueName = EVENT_QUEUE_OF.chat;
      const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
      const queue = new Queue(queueName, { connection, prefix: bullPrefix(env.REDIS_KEY_PREFIX) });
      try {
        const labels = { service: 'chat', queue: queueName };
        const before = await scrape(chat.url);
        expect(valueOf(before, 'portal_event_queue_jobs', { ...labels, state: 'waiting' })).toBe(0);
        expect(valueOf(before, 'portal_event_queue_jobs', { ...labels, state: 'failed' })).toBe(0);

        await queue.add('auth.user.registered', { eventId: randomUUID() }, { jobId: `later-${randomUUID()}`, delay: 60_000 });
        // An event id that is not a uuid: the idempotency insert fails, and with one attempt the job fails for good.
        const broken = await queue.add(
          'auth.user.registered',
          { eventId: 'not-a-uuid', userId: randomUUID(), username: 'x' },
          { jobId: `broken-${randomUUID()}`, attempts: 1 },
        );
        await waitFor(async () => (await queue.getJobState(broken.id as string)) === 'failed');

        const after = await waitFor(async () => {
          const samples = await scrape(chat.url);
          return valueOf(samples, 'portal_events_failed_total', { service: 'chat', event: 'auth.user.registered' }) >= 1 && samples;
        });
        expect(valueOf(after, 'portal_event_queue_jobs', { ...labels, state: 'delayed' })).toBe(1);
        expect(valueOf(after, 'portal_event_queue_jobs', { ...labels, state: 'failed' })).toBe(1);
        expect(valueOf(after, 'portal_event_queue_jobs', { ...labels, state: 'active' })).toBe(0);
        expect(valueOf(after, 'portal_events_failed_total', { service: 'chat', event: 'auth.user.registered' })).toBe(1);
      } finally {
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
        connection.disconnect();
      }
    });
  });

  describe("the gateway's /metrics is not public", () => {
    const get = (headers: Record<string, string> = {}) => fetch(`${gateway.url}/metrics`, { headers });

    it('answers a direct connection from a private address (the cluster scraping the pod)', async () => {
      expect((await get()).status).toBe(200);
    });

    it('is a 404 for a client outside, also one claiming a private address through the proxy header', async () => {
      // TRUST_PROXY=true: the gateway takes X-Forwarded-For as the client's address.
      for (const forwarded of ['198.51.100.7', '10.1.2.3', '127.0.0.1']) {
        const res = await get({ 'x-forwarded-for': forwarded });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
      expect((await get({ 'x-forwarded-for': '198.51.100.7', authorization: 'Bearer wrong-token-of-some-length' })).status).toBe(404);
    });

    it('answers anyone with the METRICS_TOKEN bearer token', async () => {
      const res = await get({ 'x-forwarded-for': '198.51.100.7', authorization: `Bearer ${METRICS_TOKEN}` });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('portal_http_requests_total');
    });

    it('lives outside /api', async () => {
      expect((await api().get('/api/metrics')).status).toBe(404);
    });

    it('tells private addresses from public ones', () => {
      for (const address of ['127.0.0.1', '::1', '::ffff:10.0.0.7', '172.20.1.1', '192.168.0.10', '100.64.3.4', 'fd12::1']) {
        expect([address, isInternalAddress(address)]).toEqual([address, true]);
      }
      for (const address of ['8.8.8.8', '172.32.0.1', '::ffff:1.1.1.1', '2001:db8::1', undefined]) {
        expect([address, isInternalAddress(address)]).toEqual([address, false]);
      }
    });

    it('refuses a METRICS_TOKEN too short to be a secret at boot', () => {
      const base = { REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32) };
      expect(() => loadConfig(gatewayEnvSchema, { ...base, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
      expect(loadConfig(gatewayEnvSchema, { ...base, METRICS_TOKEN }).METRICS_TOKEN).toBe(METRICS_TOKEN);
      expect(loadConfig(gatewayEnvSchema, base).METRICS_TOKEN).toBeUndefined();
    });
  });

  it('the request id is the trace id: echoed by the gateway and on the service lines of the call', async () => {
    const requestId = `trace-${randomUUID()}`;
    const res = await api().get(`/api/users/profile/${uniqueName('ghost')}`, { headers: { 'x-request-id': requestId } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const handled = await waitFor(async () => authLogs.lines.find((line) => line.requestId === requestId && line.msg === 'message handled'));
    expect(handled).toMatchObject({ app: 'auth', outcome: 'error' });
  });

  describe('the Grafana dashboard (k8s/grafana/portal-dashboard.json)', () => {
    const dashboard = JSON.parse(readFileSync(join(__dirname, '../../k8s/grafana/portal-dashboard.json'), 'utf8'));
    const panels: any[] = dashboard.panels.flatMap((panel: any) => [panel, ...(panel.panels ?? [])]);
    const graphs = panels.filter((panel) => panel.type !== 'row');

    it('imports into Grafana 10+: schema 39, a Prometheus data source variable used by every panel, unique ids', () => {
      expect(dashboard.schemaVersion).toBe(39);
      expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
      const variable = dashboard.templating.list.find((item: any) => item.type === 'datasource');
      expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
      for (const panel of graphs) {
        expect([panel.title, panel.datasource]).toEqual([panel.title, { type: 'prometheus', uid: '${datasource}' }]);
        expect(panel.targets.length).toBeGreaterThan(0);
        expect(panel.gridPos).toEqual(expect.objectContaining({ h: expect.any(Number), w: expect.any(Number), x: expect.any(Number), y: expect.any(Number) }));
      }
      const ids = panels.map((panel) => panel.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('queries only metrics the code registers', async () => {
      startDefaultMetrics();
      // The series names each registered metric exposes, from the `# TYPE` lines of the exposition.
      const types = [...(await metricsRegistry.metrics()).matchAll(/^# TYPE (\S+) (\S+)$/gm)];
      const registered = new Set(
        types.flatMap(([, name, type]) => {
          if (type === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
          if (type === 'summary') return [name, `${name}_sum`, `${name}_count`];
          return [name];
        }),
      );
      expect(registered).toContain('portal_rpc_requests_total');
      const queried = new Map<string, string[]>();
      for (const panel of graphs) {
        const names = panel.targets.flatMap((target: any) => metricNamesIn(target.expr));
        expect([panel.title, names.length > 0]).toEqual([panel.title, true]);
        for (const name of names) queried.set(name, [...(queried.get(name) ?? []), panel.title]);
      }
      for (const variable of dashboard.templating.list.filter((item: any) => item.type === 'query')) {
        const [, name] = /label_values\(([\w:]+)/.exec(variable.definition) ?? [];
        queried.set(name, [...(queried.get(name) ?? []), `$${variable.name}`]);
      }
      const unknown = [...queried].filter(([name]) => !registered.has(name));
      expect(unknown).toEqual([]);
      // The panels the issue asks for: every portal metric is on the dashboard.
      for (const name of [
        'portal_rpc_requests_total',
        'portal_rpc_request_duration_seconds_bucket',
        'portal_http_requests_total',
        'portal_http_request_duration_seconds_bucket',
        'portal_socket_connections',
        'portal_event_queue_jobs',
        'portal_events_failed_total',
        'portal_rpc_client_calls_total',
      ]) {
        expect([name, queried.has(name)]).toEqual([name, true]);
      }
    });
  });
});

const PROMQL_KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset']);

/** The metric names a PromQL expression selects: identifiers outside strings, matchers, ranges and groupings that are not calls. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/(?<![\w.$])[a-zA-Z_:][\w:]*(?![\w:]|\s*\()/g)].map(([name]) => name).filter((name) => !PROMQL_KEYWORDS.has(name));
}
