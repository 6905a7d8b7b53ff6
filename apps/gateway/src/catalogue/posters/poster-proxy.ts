import { createHash } from 'node:crypto';
import { FileStorage } from '../../uploads/file-storage';
import { fetchPosterPicture } from './remote-picture';

/** Where the fetched posters are kept in the uploads storage. */
const FOLDER = 'poster-cache';
/** A source that failed is not asked again for this long (its generated poster is answered meanwhile). */
const FAILURE_MEMORY_MS = 10 * 60 * 1000;
/** Failures remembered at most (the oldest are forgotten first). */
const MAX_FAILURES = 10_000;

/** A path on the portal itself ("/api/…", "/uploads/…"), not a protocol-relative "//host/…". */
const isOwnPath = (source: string) => source.startsWith('/') && !source.startsWith('//');

function httpUrlOf(source: string): URL | null {
  if (!/^https?:\/\//i.test(source)) return null;
  try {
    return new URL(source);
  } catch {
    return null;
  }
}

export type PosterAnswer =
  /** The title's poster, fetched once and kept as a small WebP. */
  | { kind: 'picture'; body: Buffer }
  /** A poster on the portal itself, or on a host the gateway does not fetch from: the browser goes there. */
  | { kind: 'redirect'; location: string }
  /** The source could not be fetched (or is no web address): the generated poster stands in. */
  | { kind: 'generated' };

export interface PosterProxyOptions {
  origins: readonly string[];
  timeoutMs: number;
}

/**
 * Catalogue posters from the portal's own origin: a phone then waits on no other host for the largest
 * image of the catalogue's pages (and the HTML shell, which has no script for a fallback, never shows a
 * broken one), and the viewer's address reaches no third party. Only allowlisted origins are fetched.
 */
export class PosterProxy {
  private readonly origins: ReadonlySet<string>;
  private readonly failedAt = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly storage: FileStorage,
    private readonly options: PosterProxyOptions,
  ) {
    // As URL.origin spells them: "https://host:443" in the list matches "https://host/…".
    this.origins = new Set(options.origins.map((origin) => new URL(origin).origin));
  }

  async answer(animeId: number, source: string): Promise<PosterAnswer> {
    if (isOwnPath(source)) return { kind: 'redirect', location: source };
    const url = httpUrlOf(source);
    // Neither here nor on the web (a data: URL, a protocol-relative one, a malformed one): never a redirect to it.
    if (!url) return { kind: 'generated' };
    if (!this.allowed(url)) return { kind: 'redirect', location: url.href };
    const key = `${FOLDER}/${animeId}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.webp`;
    const stored = await this.storage.read(key);
    if (stored) return { kind: 'picture', body: stored };
    const body = await this.fetchOnce(key, source);
    return body ? { kind: 'picture', body } : { kind: 'generated' };
  }

  private allowed = (url: URL) => this.origins.has(url.origin);

  /** One fetch per source at a time; a failure is remembered, a success stored. */
  private fetchOnce(key: string, source: string): Promise<Buffer | null> {
    const failedAt = this.failedAt.get(source);
    if (failedAt !== undefined && Date.now() - failedAt < FAILURE_MEMORY_MS) return Promise.resolve(null);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchAndStore(key, source).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async fetchAndStore(key: string, source: string): Promise<Buffer | null> {
    let body: Buffer;
    try {
      body = await fetchPosterPicture(source, { allowed: this.allowed, timeoutMs: this.options.timeoutMs });
    } catch {
      this.rememberFailure(source);
      return null;
    }
    // Another replica sharing the folder may have stored it first ('wx'): theirs is the same picture.
    await this.storage.put(key, body).catch(() => undefined);
    this.failedAt.delete(source);
    return body;
  }

  private rememberFailure(source: string) {
    this.failedAt.delete(source);
    this.failedAt.set(source, Date.now());
    if (this.failedAt.size > MAX_FAILURES) this.failedAt.delete(this.failedAt.keys().next().value as string);
  }
}
