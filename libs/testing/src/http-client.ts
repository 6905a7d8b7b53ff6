export interface ApiResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

interface FailedAnswer {
  method: string;
  path: string;
  status: number;
  ms: number;
  body: string;
}

/** The last ones are kept for the test environment to print when the test fails (answers-on-failure.environment.js). */
const FAILED_ANSWERS_KEPT = 10;

function recordFailedAnswer(answer: FailedAnswer) {
  const kept = (globalThis as { __portalFailedAnswers?: FailedAnswer[] }).__portalFailedAnswers;
  if (!kept) return;
  kept.push(answer);
  if (kept.length > FAILED_ANSWERS_KEPT) kept.shift();
}

/** A JSON client for the gateway under test, over a real socket. */
export function apiClient(baseUrl: string) {
  const call = async <T = Record<string, any>>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<T>> => {
    const started = Date.now();
    const headers: Record<string, string> = { ...options.headers };
    const form = options.body instanceof FormData;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : form || typeof options.body === 'string'
            ? (options.body as RequestInit['body'])
            : JSON.stringify(options.body),
    });
    const text = await response.text();
    if (response.status >= 400) recordFailedAnswer({ method, path, status: response.status, ms: Date.now() - started, body: text.slice(0, 300) });
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: body as T };
  };
  return {
    get: <T = Record<string, any>>(path: string, options?: { token?: string; headers?: Record<string, string> }) => call<T>('GET', path, options),
    post: <T = Record<string, any>>(path: string, body?: unknown, options?: { token?: string; headers?: Record<string, string> }) =>
      call<T>('POST', path, { ...options, body }),
    put: <T = Record<string, any>>(path: string, body?: unknown, options?: { token?: string; headers?: Record<string, string> }) =>
      call<T>('PUT', path, { ...options, body }),
    patch: <T = Record<string, any>>(path: string, body?: unknown, options?: { token?: string; headers?: Record<string, string> }) =>
      call<T>('PATCH', path, { ...options, body }),
    delete: <T = Record<string, any>>(path: string, options?: { token?: string; headers?: Record<string, string> }) => call<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** Solves the arithmetic captcha the way a person reads it. */
export function solveCaptcha(question: string): number {
  const [left, right] = question.split('+').map((part) => Number(part.trim()));
  return left + right;
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
