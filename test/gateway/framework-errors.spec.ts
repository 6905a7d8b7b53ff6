import { connect } from 'node:net';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { type AuthStack, dbQuery, startAuthStack, STRONG_PASSWORD, uniqueEmail, uniqueName } from '../auth/auth-test-kit';
import { gatewayCallsOf } from '../support/gateway-calls';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Sends `head` (and `body`) as they are on a socket of its own: no client library normalises the URL,
 * refuses a huge header or insists on sending a body it declared. Resolves with the first answer.
 */
function rawRequest(url: string, head: string, body = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const answer = (): RawAnswer | null => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return null;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length']);
      const bytes = received.subarray(end + 4);
      if (!(bytes.length >= length)) return null;
      return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(bytes.subarray(0, length).toString('utf8')) };
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const parsed = answer();
      if (parsed) {
        socket.destroy();
        resolve(parsed);
      }
    });
    socket.on('error', (error) => (answer() ? undefined : reject(error)));
    socket.on('close', () => (answer() ? undefined : reject(new Error(`no complete answer: ${received.toString('latin1').slice(0, 200)}`))));
    socket.write(head + body);
  });
}

const requestHead = (method: string, path: string, headers: Record<string, string | number> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const envelope = (code: ErrorCode, message: string) => ({ success: false, code, message });

/**
 * Issue #30: what Fastify refuses before (or instead of) a route answers in the portal's envelope,
 * `{ success: false, message, code }` with a Russian message and a machine code, keeping its status.
 */
describe('the gateway: Fastify’s own refusals in the envelope', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack('framework-errors');
  });
  afterAll(() => stack?.close());

  it('a path parameter over the router’s limit (a 5,000-character nickname): 414 URI_TOO_LONG, with the request id and security headers', async () => {
    const res = await stack.api.get(`/api/users/profile/${'a'.repeat(5000)}`);
    expect(res.status).toBe(414);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(envelope(ErrorCode.UriTooLong, GENERIC_MESSAGES.uriTooLong));
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('leaves a parameter within the limit to the route (an unknown nickname is the service’s 404)', async () => {
    const res = await stack.api.get(`/api/users/profile/${'a'.repeat(100)}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: ErrorCode.NotFound, message: 'Пользователь не найден' });
  });

  it('a URL that cannot be decoded: 400 VALIDATION_FAILED «Некорректный адрес запроса»', async () => {
    const res = await rawRequest(stack.gateway.url, requestHead('GET', '/api/users/profile/%E0%A4%A', { Connection: 'close' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(envelope(ErrorCode.ValidationFailed, GENERIC_MESSAGES.badUrl));
  });

  it('malformed JSON: 400 VALIDATION_FAILED', async () => {
    const res = await stack.api.post('/api/auth/login', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(envelope(ErrorCode.ValidationFailed, GENERIC_MESSAGES.badRequest));
  });

  describe('refused writes reach no service and create nothing', () => {
    const username = uniqueName('fwerr');
    const form = JSON.stringify({ username, email: uniqueEmail('fwerr'), password: STRONG_PASSWORD, agreement: true });
    let registrations: number;

    beforeAll(async () => {
      registrations = await gatewayCallsOf('auth.user.register');
    });
    afterAll(async () => {
      expect(await gatewayCallsOf('auth.user.register')).toBe(registrations);
      expect(await dbQuery('SELECT id FROM auth.users WHERE username = $1', [username])).toEqual([]);
    });

    it('a body over the 1 MiB limit: 413 PAYLOAD_TOO_LARGE, answered from the declared length', async () => {
      // The declared length alone is refused: the client need not send the body.
      const res = await rawRequest(
        stack.gateway.url,
        requestHead('POST', '/api/auth/register', { 'Content-Type': 'application/json', 'Content-Length': 2 * 1024 * 1024 }),
      );
      expect(res.status).toBe(413);
      expect(res.body).toEqual(envelope(ErrorCode.PayloadTooLarge, GENERIC_MESSAGES.payloadTooLarge));
    });

    it.each(['application/xml', 'application/json-patch+json', 'image/png'])('a body of an unsupported type (%s): 415 UNSUPPORTED_MEDIA_TYPE', async (type) => {
      // fetch itself: the test kit's client always sends JSON.
      const res = await fetch(`${stack.gateway.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': type }, body: form });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual(envelope(ErrorCode.UnsupportedMediaType, GENERIC_MESSAGES.unsupportedMediaType));
    });

    it('a JSON content type with an empty body: 400 VALIDATION_FAILED', async () => {
      const res = await rawRequest(
        stack.gateway.url,
        requestHead('POST', '/api/auth/register', { 'Content-Type': 'application/json', 'Content-Length': 0, Connection: 'close' }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual(envelope(ErrorCode.ValidationFailed, GENERIC_MESSAGES.badRequest));
    });
  });

  describe('what Node’s HTTP parser refuses, answered on the socket', () => {
    it('headers over the size limit: 431 HEADERS_TOO_LARGE', async () => {
      const res = await rawRequest(stack.gateway.url, requestHead('GET', '/api/health/live', { 'X-Padding': 'x'.repeat(64 * 1024) }));
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(envelope(ErrorCode.HeadersTooLarge, GENERIC_MESSAGES.headersTooLarge));
    });

    it('a request that is not HTTP: 400 VALIDATION_FAILED', async () => {
      const res = await rawRequest(stack.gateway.url, 'NOT HTTP AT ALL\r\n\r\n');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(envelope(ErrorCode.ValidationFailed, GENERIC_MESSAGES.badRequest));
    });

    it('the gateway still serves afterwards', async () => {
      expect((await stack.api.get('/api/health/live')).status).toBe(200);
    });
  });
});
