import { ErrorCode, GENERIC_MESSAGES, SERVICE_NAMES } from '@portal/contracts';
import { ALL_OPERATIONS, pathParamsOf, successStatusOf } from '@portal/contracts/operations';
import { type ApiClient, type ApiResult, apiClient, waitFor } from '@portal/testing';
import { type RunningApp, startAuthService, startChatService, startGateway, startModerationService, startPlatformService } from '../support/test-apps';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, STACK_TRACE, uniqueDigits } from '../auth/auth-test-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the gateway: envelope, errors, request ids, health and docs', () => {
  const started: RunningApp[] = [];
  let gateway: RunningApp;
  let api: ApiClient;
  /** Every failure seen by this spec, checked at the end for stack traces. */
  const failures: ApiResult<unknown>[] = [];

  const track = <T extends ApiResult<any>>(res: T): T => {
    if (res.status >= 400) failures.push(res);
    return res;
  };

  const prefix = ownRedisPrefix('gateway');

  beforeAll(async () => {
    started.push(await startAuthService({ ...RELAXED_AUTH_LIMITS, ...prefix }));
    // A short RPC deadline keeps the health check of services that are not running quick.
    gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...prefix, RPC_TIMEOUT_MS: '1500' });
    api = apiClient(gateway.url);
  });
  afterAll(async () => {
    await gateway?.close();
    for (const app of started.reverse()) await app.close();
  });

  describe('errors', () => {
    it('answers an unknown /api route with a 404 envelope', async () => {
      const res = track(await api.get('/api/nope'));
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ success: false, code: ErrorCode.NotFound, message: GENERIC_MESSAGES.notFound });
    });

    it('answers an unknown /api route of another method with a 404 envelope too', async () => {
      const res = track(await api.post('/api/nope/deeper', { a: 1 }));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.NotFound });
    });

    it('answers a malformed JSON body with a 400 envelope', async () => {
      const res = track(await api.post('/api/auth/login', '{"email": "a@b.c", "password": '));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: ErrorCode.ValidationFailed, message: GENERIC_MESSAGES.badRequest });
    });

    it('answers a service that does not reply in time with 503 SERVICE_UNAVAILABLE', async () => {
      // Nothing listens on this prefix: the request is published and nobody answers.
      const lonely = await startGateway({
        ...RELAXED_GATEWAY_LIMITS,
        RPC_TIMEOUT_MS: '300',
        REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX}lonely${uniqueDigits()}:`,
      });
      try {
        const res = track(await apiClient(lonely.url).get('/api/auth/captcha'));
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ success: false, code: ErrorCode.ServiceUnavailable, message: GENERIC_MESSAGES.serviceUnavailable });
      } finally {
        await lonely.close();
      }
    });

    it('answers a service error with its own code and Russian message', async () => {
      const res = track(await api.get('/api/users/profile/nobody_here_' + uniqueDigits()));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, code: ErrorCode.NotFound, message: 'Пользователь не найден' });
    });
  });

  describe('request ids', () => {
    it('puts an X-Request-Id on every response, success or failure', async () => {
      for (const res of [await api.get('/api/health/live'), track(await api.get('/api/nope')), await api.get('/api/auth/captcha')]) {
        expect(res.headers.get('x-request-id')).toMatch(UUID);
      }
    });

    it('echoes a well-formed incoming X-Request-Id', async () => {
      const id = `proxy-req-${uniqueDigits()}`;
      const res = await api.get('/api/auth/captcha', { headers: { 'x-request-id': id } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe(id);
      const failed = track(await api.get('/api/nope', { headers: { 'x-request-id': id } }));
      expect(failed.headers.get('x-request-id')).toBe(id);
    });

    it('replaces a malformed incoming X-Request-Id with its own', async () => {
      for (const bad of ['short', 'has spaces in it', 'x'.repeat(200), '<script>alert(1)</script>']) {
        const res = await api.get('/api/health/live', { headers: { 'x-request-id': bad } });
        expect(res.headers.get('x-request-id')).toMatch(UUID);
      }
    });
  });

  describe('health', () => {
    it('answers /api/health/live with 200', async () => {
      const res = await api.get('/api/health/live');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { status: 'up' } });
    });

    it('answers /api/health with 503 listing every missing service while only auth runs', async () => {
      const res = track(await api.get('/api/health'));
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.ServiceUnavailable, message: GENERIC_MESSAGES.serviceUnavailable });
      const missing = (res.body.errors as { field: string }[]).map((error) => error.field).sort();
      expect(missing).toEqual(SERVICE_NAMES.filter((service) => service !== 'auth').sort());
    });

    it('answers /api/health with 200 and every service up once all six run', async () => {
      started.push(await startModerationService(prefix));
      for (const service of ['catalogue', 'community', 'rewards'] as const) started.push(await startPlatformService(service, prefix));
      started.push(await startChatService(prefix));
      // The answer before is shared for a second (one probe per second): the next probe sees them all.
      const res = await waitFor(
        async () => {
          const answer = await api.get('/api/health');
          return answer.status === 200 ? answer : null;
        },
        5000,
        100,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { status: 'up', services: Object.fromEntries(SERVICE_NAMES.map((service) => [service, 'up'])) },
      });
    });
  });

  describe('OpenAPI', () => {
    it('serves the document at /api/docs.json with the auth and users paths', async () => {
      const res = await api.get('/api/docs.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/users']));
      expect(res.body.paths['/api/auth/register'].post).toBeDefined();
      expect(res.body.paths['/api/users'].get).toBeDefined();
    });

    it('describes bodies, queries and params from the contracts schemas (with their bounds)', async () => {
      const doc = (await api.get('/api/docs.json')).body;
      const schemaOf = (operation: { requestBody: { content: Record<string, { schema: { $ref?: string } }> } }) => {
        const schema = operation.requestBody.content['application/json'].schema;
        return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop() as string] : schema;
      };
      const login = schemaOf(doc.paths['/api/auth/login'].post);
      expect(Object.keys(login.properties)).toEqual(['email', 'password']);
      expect(login.properties.password.maxLength).toBe(1024);
      expect(Object.keys(schemaOf(doc.paths['/api/auth/register'].post).properties)).toEqual(
        expect.arrayContaining(['username', 'email', 'password', 'captchaId', 'captchaAnswer']),
      );
      const users = doc.paths['/api/users'].get.parameters;
      expect(users).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'limit', schema: expect.objectContaining({ maximum: 100 }) })]),
      );
      expect(doc.paths['/api/user/{id}/admin'].put.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', schema: expect.objectContaining({ format: 'uuid' }) })]),
      );
    });

    it('documents every declared operation: its parameters, its body or query, and its answer (issue #31)', async () => {
      const doc = (await api.get('/api/docs.json')).body;
      const routed = ALL_OPERATIONS.filter((operation) => operation.http);
      expect(routed.length).toBeGreaterThan(0);
      for (const operation of routed) {
        const http = operation.http!;
        const entry = doc.paths[`/api${http.path.replace(/:(\w+)/g, '{$1}')}`]?.[http.method.toLowerCase()];
        expect({ pattern: operation.pattern, documented: Boolean(entry) }).toEqual({ pattern: operation.pattern, documented: true });
        expect(entry.summary).toBe(operation.summary);
        const answer = entry.responses[String(successStatusOf(http))].content['application/json'].schema;
        expect(answer.properties.data).toEqual(expect.objectContaining({ type: expect.any(String) }));
        const params = (entry.parameters ?? []).filter((param: { in: string }) => param.in === 'path').map((param: { name: string }) => param.name);
        expect(params).toEqual(pathParamsOf(http.path));
      }
      const create = doc.paths['/api/news'].post;
      expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['title', 'body', 'status']));
      expect(Object.keys(create.responses['201'].content['application/json'].schema.properties.data.properties)).toEqual(
        expect.arrayContaining(['id', 'slug', 'anime', 'cover']),
      );
      expect(doc.paths['/api/news'].get.parameters.map((param: { name: string }) => param.name)).toEqual(
        expect.arrayContaining(['page', 'limit', 'tag', 'animeId']),
      );
      // A numbered page: its items are `data`, its page, limit and total are `meta`.
      const auditLog = doc.paths['/api/admin/audit-log'].get.responses['200'].content['application/json'].schema;
      expect(auditLog.required).toEqual(['success', 'data', 'meta']);
      expect(auditLog.properties.data).toEqual(
        expect.objectContaining({ type: 'array', items: expect.objectContaining({ required: expect.arrayContaining(['eventName', 'occurredAt']) }) }),
      );
      expect(Object.keys(auditLog.properties.meta.properties)).toEqual(['page', 'limit', 'total']);
    });

    it('serves the docs page at /api/docs as HTML', async () => {
      const res = await api.get('/api/docs');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(String(res.body)).toMatch(/<html/i);
    });
  });

  it('never puts a stack trace or internal detail in a failure', () => {
    expect(failures.length).toBeGreaterThanOrEqual(5);
    for (const res of failures) {
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(STACK_TRACE);
      expect(Object.keys(res.body as object).sort()).toEqual(expect.arrayContaining(['code', 'message', 'success']));
      expect(Object.keys(res.body as object).every((key) => ['success', 'code', 'message', 'errors'].includes(key))).toBe(true);
    }
  });
});
