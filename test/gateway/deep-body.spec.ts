import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { type ApiClient, apiClient } from '@portal/testing';
import { MAX_JSON_DEPTH } from '../../apps/gateway/src/http/json-body-parser';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, registerUser, STACK_TRACE } from '../auth/auth-test-kit';
import { type RunningApp, startAuthService, startGateway } from '../support/test-apps';
import { watchEscapedErrors } from '../support/escaped-errors';

/** `{"a":{"a":...1...}}`, `depth` objects deep. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const BODY_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/**
 * Issue #12: a JSON body nested 5,000 levels deep (~30 KB) passed Fastify's parser and made
 * JSON.stringify overflow the stack in the Redis transport, outside any try/catch: the gateway exited.
 * Every route that takes a body, as the OpenAPI document lists them, must answer it with a 4xx.
 */
describe('the gateway refuses JSON nested too deep, on every route, and stays up', () => {
  const started: RunningApp[] = [];
  let gateway: RunningApp;
  let api: ApiClient;
  let token: string;
  const { escaped, start: watchEscapes, stop: unwatchEscapes } = watchEscapedErrors();

  beforeAll(async () => {
    watchEscapes();
    const prefix = ownRedisPrefix('deepbody');
    started.push(await startAuthService({ ...RELAXED_AUTH_LIMITS, ...prefix }));
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...prefix, RPC_TIMEOUT_MS: '1500' });
    api = apiClient(gateway.url);
    token = (await registerUser(api, 'deep')).token;
  });
  afterAll(async () => {
    unwatchEscapes();
    await gateway?.close();
    for (const app of started.reverse()) await app.close();
  });

  const send = (method: string, path: string, body: string, withToken: boolean) =>
    fetch(new URL(path, gateway.url), {
      method: method.toUpperCase(),
      headers: { 'content-type': 'application/json', ...(withToken && { authorization: `Bearer ${token}` }) },
      body,
    });

  it(`answers a body ${MAX_JSON_DEPTH + 1} levels deep with 400 VALIDATION_FAILED and a Russian message`, async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 5000]) {
      const res = await api.post('/api/auth/login', nested(depth));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: ErrorCode.ValidationFailed, message: GENERIC_MESSAGES.jsonTooDeep });
    }
  });

  it(`lets a body ${MAX_JSON_DEPTH} levels deep through to the service, brackets inside strings not counted`, async () => {
    // Parsed, then refused by the login's own validation (its message, not the parser's).
    const parserMessages = [GENERIC_MESSAGES.jsonTooDeep, GENERIC_MESSAGES.badRequest];
    const res = await api.post('/api/auth/login', nested(MAX_JSON_DEPTH));
    expect(res.status).toBe(400);
    expect(parserMessages).not.toContain(res.body.message);
    const bracketsInStrings = await api.post('/api/auth/login', { email: '[[[[{{{{'.repeat(50), password: '\\"[{'.repeat(50) });
    expect(bracketsInStrings.status).toBeLessThan(500);
    expect(parserMessages).not.toContain(bracketsInStrings.body.message);
  });

  it('still refuses prototype poisoning (__proto__, constructor.prototype) and malformed or empty JSON', async () => {
    const login = '"email":"nobody@example.com","password":"Tr0ub4dor&3-horse"';
    // Well-formed credentials alone are a 401: the 400s below come from the parser.
    expect((await api.post('/api/auth/login', `{${login}}`)).status).toBe(401);
    const refused = [`{${login},"__proto__":{"isAdmin":true}}`, `{${login},"constructor":{"prototype":{"isAdmin":true}}}`, `{${login},`, ''];
    for (const body of refused) {
      const res = await api.post('/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: ErrorCode.ValidationFailed, message: GENERIC_MESSAGES.badRequest });
    }
  });

  it('still reads a form-urlencoded body (Nest’s other default parser, registered again with the JSON one)', async () => {
    const res = await fetch(new URL('/api/auth/login', gateway.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=nobody%40example.com&password=Tr0ub4dor%263-horse',
    });
    expect(res.status).toBe(401);
  });

  it('answers 413 to a JSON body over the 1 MiB limit', async () => {
    const res = await api.post('/api/auth/login', JSON.stringify({ email: 'x'.repeat(1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: ErrorCode.PayloadTooLarge });
  });

  it('answers every route with a body, signed in or not, with a 4xx, never a 5xx, and the gateway stays up', async () => {
    const docs = await api.get('/api/docs.json');
    expect(docs.status).toBe(200);
    const paths = docs.body.paths as Record<string, Record<string, unknown>>;
    const routes = Object.entries(paths).flatMap(([path, operations]) =>
      BODY_METHODS.filter((method) => method in operations).map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, '1') })),
    );
    // The whole API: auth, users, lists, chat, catalogue administration, collections, progress, parties...
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toEqual(expect.arrayContaining([{ method: 'post', path: '/api/auth/login' }]));

    const body = nested(5000);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const withToken of [false, true]) {
        const res = await send(method, path, body, withToken);
        const text = await res.text();
        if (res.status < 400 || res.status >= 500 || STACK_TRACE.test(text))
          failures.push(`${method.toUpperCase()} ${path} (token: ${withToken}): ${res.status} ${text}`);
      }
    }
    expect(failures).toEqual([]);

    expect((await api.get('/api/health/live')).status).toBe(200);
    const health = await api.get('/api/health');
    expect([200, 503]).toContain(health.status);
    expect(health.body.success).toBe(health.status === 200);
    expect(escaped).toEqual([]);
  }, 120_000);
});
