import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { assertNoOpenTransaction } from '@portal/db';
import { METADATA_SETTINGS, type MetadataSettings } from '../metadata.settings';
import { RedisSlidingRateLimiter, ShikimoriRateLimiter, sleep } from './shikimori-rate-limiter';
import { ShikimoriAbortedError, ShikimoriBusyError, ShikimoriNotFoundError, ShikimoriRequestError, ShikimoriUnavailableError } from './shikimori.errors';
import {
  shikimoriAnimeListSchema,
  shikimoriAnimeSchema,
  shikimoriCharacterSchema,
  shikimoriRolesSchema,
  shikimoriScreenshotsSchema,
  shikimoriVideosSchema,
} from './shikimori.types';

export interface RequestOptions {
  /** Aborts the wait for a slot and the request itself (service shutdown). */
  signal?: AbortSignal;
  /** How long the caller can wait for a slot of the shared budget (direct calls); unbounded for jobs. */
  maxWaitMs?: number;
  /** Deadline of each request when shorter than SHIKIMORI_TIMEOUT_MS (a caller with a deadline of its own). */
  timeoutMs?: number;
}

/** A 429 is retried here this many times (after its Retry-After) before the job's own retry takes over. */
const RATE_LIMITED_RETRIES = 3;
const DEFAULT_RETRY_AFTER_MS = 2000;
const MAX_RETRY_AFTER_MS = 60_000;

export type ShikimoriClientSettings = Pick<MetadataSettings, 'shikimoriUrl' | 'userAgent' | 'timeoutMs'>;

/**
 * Shikimori's REST API, within its published limits: every request takes a slot of the budget shared
 * by all processes, names the portal in User-Agent (Shikimori asks every client to) and has a deadline.
 */
export class ShikimoriHttpClient {
  readonly baseUrl: string;

  constructor(
    private readonly settings: ShikimoriClientSettings,
    private readonly limiter: RedisSlidingRateLimiter,
  ) {
    this.baseUrl = settings.shikimoriUrl.replace(/\/+$/, '');
  }

  anime(id: number, options?: RequestOptions) {
    return this.get(`/api/animes/${id}`, shikimoriAnimeSchema, options);
  }

  roles(id: number, options?: RequestOptions) {
    return this.get(`/api/animes/${id}/roles`, shikimoriRolesSchema, options);
  }

  similar(id: number, options?: RequestOptions) {
    return this.get(`/api/animes/${id}/similar`, shikimoriAnimeListSchema, options);
  }

  videos(id: number, options?: RequestOptions) {
    return this.get(`/api/animes/${id}/videos`, shikimoriVideosSchema, options);
  }

  screenshots(id: number, options?: RequestOptions) {
    return this.get(`/api/animes/${id}/screenshots`, shikimoriScreenshotsSchema, options);
  }

  character(id: number, options?: RequestOptions) {
    return this.get(`/api/characters/${id}`, shikimoriCharacterSchema, options);
  }

  private async get<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
    // Before the rate limiter's wait, which can be long: fetch from Shikimori, then open a transaction.
    assertNoOpenTransaction(`HTTP Shikimori ${path}`);
    // A direct call's wait budget covers everything: slots and Retry-After alike.
    const deadline = options.maxWaitMs === undefined ? undefined : Date.now() + options.maxWaitMs;
    const remaining = () => (deadline === undefined ? undefined : Math.max(0, deadline - Date.now()));
    for (let attempt = 0; ; attempt++) {
      await this.limiter.acquire({ signal: options.signal, maxWaitMs: remaining() });
      const response = await this.fetch(path, options);
      if (response.status === 429) {
        await response.body?.cancel();
        const waitMs = retryAfterMs(response.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS * 2 ** attempt;
        // Everyone waits, not just this request: the budget Shikimori counts is the portal's.
        await this.limiter.pause(waitMs);
        if (attempt >= RATE_LIMITED_RETRIES) throw new ShikimoriUnavailableError(path, '429 Too Many Requests');
        const left = remaining();
        if (left !== undefined && waitMs > left) throw new ShikimoriBusyError(waitMs);
        await sleep(waitMs, options.signal);
        continue;
      }
      if (response.status === 404) {
        await response.body?.cancel();
        throw new ShikimoriNotFoundError(path);
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        throw new ShikimoriUnavailableError(path, `HTTP ${response.status}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ShikimoriRequestError(path, response.status);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw this.failure(path, error, options.signal);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new ShikimoriUnavailableError(path, `unexpected response: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    }
  }

  private async fetch(path: string, { signal, timeoutMs }: RequestOptions): Promise<Response> {
    const deadline = AbortSignal.timeout(Math.min(this.settings.timeoutMs, timeoutMs ?? Number.POSITIVE_INFINITY));
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        headers: { 'User-Agent': this.settings.userAgent, Accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
    } catch (error) {
      throw this.failure(path, error, signal);
    }
  }

  private failure(path: string, error: unknown, signal?: AbortSignal): Error {
    if (signal?.aborted) return new ShikimoriAbortedError();
    const reason = (error as Error)?.name === 'TimeoutError' ? 'no answer in time' : ((error as Error)?.message ?? String(error));
    return new ShikimoriUnavailableError(path, reason);
  }
}

/** Retry-After is seconds or an HTTP date. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

@Injectable()
export class ShikimoriClient extends ShikimoriHttpClient {
  constructor(@Inject(METADATA_SETTINGS) settings: MetadataSettings, limiter: ShikimoriRateLimiter) {
    super(settings, limiter);
  }
}
