import { ErrorCode, type FieldError } from '@portal/contracts';

/** One canned answer of the fake API used by tests and stories. */
export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Sent verbatim instead of JSON (to fake an empty or broken body). */
  raw?: string;
  delayMs?: number;
  networkError?: boolean;
  /** Never answers: keeps a request pending (the "submitting" states). */
  hang?: boolean;
  headers?: Record<string, string>;
}

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type MockHandler = MockResponse | ((request: MockRequest) => MockResponse);
/** Keys are "METHOD /api/path"; an array answers in turn and then repeats its last entry. */
export type MockRoutes = Record<string, MockHandler | MockHandler[]>;

export const ok = (data: unknown, status = 200): MockResponse => ({ status, body: { success: true, data } });

export const fail = (status: number, code: ErrorCode, message: string, errors?: FieldError[]): MockResponse => ({
  status,
  body: { success: false, code, message, ...(errors ? { errors } : {}) },
});

export interface MockApi {
  fetch: typeof fetch;
  calls: MockRequest[];
  callsTo(route: string): MockRequest[];
}

export function createMockApi(routes: MockRoutes): MockApi {
  const calls: MockRequest[] = [];
  const turns = new Map<string, number>();

  const pick = (key: string): MockHandler | undefined => {
    const entry = routes[key];
    if (!Array.isArray(entry)) return entry;
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return entry[Math.min(turn, entry.length - 1)];
  };

  const mockFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://portal.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? safeJson(init.body) : undefined;
    const request: MockRequest = { method, path: url.pathname, query: url.searchParams, body, headers: new Headers(init.headers) };
    calls.push(request);
    const handler = pick(`${method} ${url.pathname}`);
    const response = typeof handler === 'function' ? handler(request) : (handler ?? fail(404, ErrorCode.NotFound, `No mock for ${method} ${url.pathname}`));
    if (response.hang) return new Promise<Response>(() => undefined);
    if (response.delayMs) await new Promise((resolve) => setTimeout(resolve, response.delayMs));
    if (response.networkError) throw new TypeError('Failed to fetch');
    const text = response.raw ?? JSON.stringify(response.body ?? null);
    return new Response(text, {
      status: response.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...response.headers },
    });
  };

  return {
    fetch: mockFetch as typeof fetch,
    calls,
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

/** Replaces the global fetch; returns the API (for assertions) and a restore function. */
export function installMockApi(routes: MockRoutes): MockApi & { restore(): void } {
  const original = globalThis.fetch;
  const api = createMockApi(routes);
  globalThis.fetch = api.fetch;
  return { ...api, restore: () => void (globalThis.fetch = original) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
