import { ErrorCode, GENERIC_MESSAGES, type ApiMeta, type ApiResponse } from '@portal/contracts';
import { env } from '../config/env';
import { publishAccountBanned } from '../events/account-banned';
import { ApiError } from './api-error';
import { handleUnauthorizedResponse } from './session-expiry';
import { API_STRINGS } from './strings';
import { tokenStorage } from './token-storage';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Overrides the stored token (used right after sign-in, before it is persisted). */
  token?: string | null;
}

/** Builds "/api/auth/verify?x=1" from "/auth/verify"; paths already under /api are kept. */
export function apiUrl(endpoint: string, query?: ApiRequestOptions['query']): string {
  const base = env.VITE_API_BASE_URL.replace(/\/+$/, '');
  const path = endpoint.startsWith(`${base}/`) ? endpoint : `${base}${endpoint.startsWith('/') ? '' : '/'}${endpoint}`;
  const params = new URLSearchParams();
  Object.entries(query ?? {}).forEach(([key, value]) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  });
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Sends one API call and unwraps the envelope: resolves with `data`, rejects with an ApiError. */
export async function apiRequest<T>(endpoint: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await sendRequest<T>(endpoint, options)).data;
}

/** One page of a paginated list: the items of `data` with the `meta` of the envelope. */
export interface ApiPage<T> extends ApiMeta {
  items: T[];
}

/**
 * Like apiRequest, for paginated lists (`data` is the items array, `meta` holds page, limit and total).
 * A missing `meta` is read as a single complete page.
 */
export async function apiRequestPage<T>(endpoint: string, options: ApiRequestOptions = {}): Promise<ApiPage<T>> {
  const { data, meta } = await sendRequest<T[]>(endpoint, options);
  if (!Array.isArray(data)) throw new ApiError(API_STRINGS.badFormat, 200, 'BAD_FORMAT');
  const requestedPage = Number(options.query?.page);
  return {
    items: data,
    page: meta?.page ?? (Number.isFinite(requestedPage) && requestedPage > 0 ? requestedPage : 1),
    limit: meta?.limit ?? data.length,
    total: meta?.total ?? data.length,
  };
}

/** The `data` and `meta` of a successful envelope. */
export interface Unwrapped<T> {
  data: T;
  meta?: ApiMeta;
}

async function sendRequest<T>(endpoint: string, options: ApiRequestOptions): Promise<Unwrapped<T>> {
  const { method = 'GET', body, query, signal } = options;
  const token = options.token === undefined ? tokenStorage.getToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(endpoint, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(API_STRINGS.unreachable, null, 'NETWORK_ERROR');
  }

  if (response.status === 401) handleUnauthorizedResponse(endpoint);
  return readEnvelope<T>(response);
}

/** Reads an envelope: resolves with its data and meta, rejects with an ApiError (for callers that send their own fetch). */
export async function readEnvelope<T>(response: Response): Promise<Unwrapped<T>> {
  const text = await response.text().catch(() => '');
  if (text.trim() === '') {
    if (response.ok && response.status === 204) return { data: undefined as T };
    throw new ApiError(API_STRINGS.emptyBody, response.status, 'EMPTY_BODY');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new ApiError(API_STRINGS.badFormat, response.status, 'BAD_FORMAT');
  }
  if (!isEnvelope<T>(payload)) throw new ApiError(API_STRINGS.badFormat, response.status, 'BAD_FORMAT');
  if (payload.success && response.ok) return { data: payload.data, meta: payload.meta };

  const failure = payload.success ? null : payload;
  // A full ban ends every signed-in feature at once: the app shows the banned screen.
  if (failure?.code === ErrorCode.UserBanned && failure.sanction) publishAccountBanned(failure.sanction);
  throw new ApiError(
    failure?.message || fallbackMessage(response.status),
    response.status,
    failure?.code ?? codeForStatus(response.status),
    failure?.errors ?? [],
    retryAfter(response),
    Boolean(failure?.message),
    failure?.sanction ?? null,
  );
}

function isEnvelope<T>(payload: unknown): payload is ApiResponse<T> {
  return typeof payload === 'object' && payload !== null && typeof (payload as { success?: unknown }).success === 'boolean';
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) ? seconds : null;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return ErrorCode.ValidationFailed;
  if (status === 401) return ErrorCode.Unauthorized;
  if (status === 403) return ErrorCode.Forbidden;
  if (status === 404) return ErrorCode.NotFound;
  if (status === 409) return ErrorCode.Conflict;
  if (status === 429) return ErrorCode.RateLimited;
  if (status === 503) return ErrorCode.ServiceUnavailable;
  return ErrorCode.Internal;
}

function fallbackMessage(status: number): string {
  const messages: Partial<Record<number, string>> = {
    400: GENERIC_MESSAGES.badRequest,
    401: GENERIC_MESSAGES.unauthorized,
    403: GENERIC_MESSAGES.forbidden,
    404: GENERIC_MESSAGES.notFound,
    429: GENERIC_MESSAGES.rateLimited,
    503: GENERIC_MESSAGES.serviceUnavailable,
  };
  return messages[status] ?? GENERIC_MESSAGES.internal;
}
