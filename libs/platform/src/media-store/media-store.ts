import type { Readable } from 'node:stream';

/** How a file is stored: its type is kept by the bucket (the folder store answers by extension). */
export interface PutFileOptions {
  contentType: string;
  /** Kept with the object in a bucket (what it answers when fetched directly, e.g. through a signed URL). */
  cacheControl?: string;
}

export interface PutFileResult {
  key: string;
  size: number;
  /** How many requests carried the bytes: 1 for a single write, more for a multipart upload. */
  parts: number;
}

export interface PutFolderOptions {
  /** Files written at once (default 4). */
  concurrency?: number;
}

export interface PutFolderResult {
  /** The keys written, sorted. */
  keys: string[];
  bytes: number;
}

/** A stored file's facts, without its bytes. */
export interface MediaObjectInfo {
  /** The whole file's size in bytes. */
  size: number;
  contentType: string;
  /** A strong validator, quoted as HTTP wants it (`"…"`), when the store has one. */
  etag?: string;
  lastModified?: Date;
  cacheControl?: string;
}

/** A byte range, both ends included, resolved against the file's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file opened for reading: the whole of it, or the range asked for. */
export interface MediaObject extends MediaObjectInfo {
  /** The bytes: the whole file, or `range` of it. Read it to its end or destroy it. */
  body: Readable;
  /** How many bytes `body` gives. */
  length: number;
  /** Set when a range was asked for and answered. */
  range?: ByteRange;
  /** `bytes start-end/size`, as the Content-Range header of a 206 says it. */
  contentRange?: string;
}

export interface MediaListEntry {
  key: string;
  size: number;
}

/**
 * Where the portal's media lives: a folder on a disk, or an S3-compatible bucket. Keys are relative
 * paths with `/` (`episodes/12/3/<source id>-a1/master.m3u8`): no `..`, `.` or empty segment, no
 * segment starting with a dot (the folder store's temporary files), no absolute path, no backslash.
 * A prefix names a folder: `list('episodes/12')` and `removePrefix('episodes/12')` cover
 * `episodes/12/…`, never `episodes/120/…`.
 */
export interface MediaStore {
  /** `folder` or `s3`. */
  readonly kind: 'folder' | 's3';
  /** Stores a local file under `key`, replacing what was there; a reader sees the old file or the new one, never a part. */
  putFile(key: string, localPath: string, options: PutFileOptions): Promise<PutFileResult>;
  /**
   * Stores every file under `localDir` (dotfiles and dot folders left out) under `prefix`, each with the
   * type and caching of its extension (`mediaFileType`), a few at a time. The transcode worker encodes
   * into a scratch folder, then publishes it with this.
   */
  putFolder(prefix: string, localDir: string, options?: PutFolderOptions): Promise<PutFolderResult>;
  /**
   * Opens a file, whole or the byte range an HTTP `Range` header value asks for (`bytes=0-99`,
   * `bytes=100-`, `bytes=-100`); null when there is none. A header that is malformed or asks for several
   * ranges is ignored (the whole file, as HTTP allows); a range that starts past the end throws
   * `MediaRangeNotSatisfiableError` (the file's size in it, for a 416).
   */
  open(key: string, range?: string): Promise<MediaObject | null>;
  /** The file's facts without its bytes; null when there is none. */
  stat(key: string): Promise<MediaObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Every file under the prefix (`''`: all), sorted by key. */
  list(prefix: string): Promise<MediaListEntry[]>;
  /** Removes every file under the prefix (not `''`); answers how many there were. */
  removePrefix(prefix: string): Promise<number>;
  /**
   * Where a browser fetches the file: `/media/<key>` (served by the gateway), or with a bucket whose
   * public address is configured, a signed URL there that expires.
   */
  publicUrl(key: string): Promise<string>;
  /** Lets go of connections (the bucket's client); the store is not used after. */
  close(): Promise<void>;
}

export class InvalidMediaKeyError extends Error {
  override readonly name = 'InvalidMediaKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid media key ${JSON.stringify(key)}: ${reason}`);
  }
}

/** A range that starts at or past the end of the file (or a suffix of 0 bytes): HTTP's 416. */
export class MediaRangeNotSatisfiableError extends Error {
  override readonly name = 'MediaRangeNotSatisfiableError';
  constructor(
    readonly key: string,
    /** The whole file's size, for `Content-Range: bytes *\/size`. */
    readonly size: number,
  ) {
    super(`range not satisfiable for ${key} (${size} bytes)`);
  }
}

/** S3's longest key, in bytes of UTF-8. */
const MAX_KEY_BYTES = 1024;

function keyProblem(key: string, allowEmpty: boolean): string | null {
  if (typeof key !== 'string') return 'not a string';
  if (key === '') return allowEmpty ? null : 'empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `longer than ${MAX_KEY_BYTES} bytes`;
  if (key.includes('\\')) return 'backslash';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'control character';
  if (key.startsWith('/') || /^[a-z]:/i.test(key)) return 'absolute path';
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segment';
    if (segment === '..' || segment === '.') return `"${segment}" segment`;
    if (segment.startsWith('.')) return 'segment starting with a dot';
  }
  return null;
}

/** Throws `InvalidMediaKeyError` unless `key` is a relative path as `MediaStore` describes. */
export function assertMediaKey(key: string): string {
  const problem = keyProblem(key, false);
  if (problem) throw new InvalidMediaKeyError(key, problem);
  return key;
}

/** Whether `key` is one a store accepts. */
export function isMediaKey(key: string): boolean {
  return keyProblem(key, false) === null;
}

/** A prefix as a folder, without its trailing slash: `''` (everything) or a valid key. */
export function normalizeMediaPrefix(prefix: string, { allowEmpty }: { allowEmpty: boolean }): string {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  const problem = keyProblem(trimmed, allowEmpty);
  if (problem) throw new InvalidMediaKeyError(prefix, problem);
  return trimmed;
}

/** A Range header as asked: `start-[end]`, or the last `suffix` bytes. */
export type RequestedRange = { start: number; end?: number } | { suffix: number };

/**
 * One range of an HTTP `Range` header value (RFC 9110 §14.1.2); undefined when there is none, it is
 * malformed, or it asks for several ranges (then the whole file is answered, as HTTP allows).
 */
export function parseRangeHeader(header: string | undefined): RequestedRange | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/** The requested range within a file of `size` bytes; throws `MediaRangeNotSatisfiableError` when it holds none of its bytes. */
export function resolveRange(key: string, requested: RequestedRange, size: number): ByteRange {
  if ('suffix' in requested) {
    if (requested.suffix === 0 || size === 0) throw new MediaRangeNotSatisfiableError(key, size);
    return { start: Math.max(0, size - requested.suffix), end: size - 1 };
  }
  if (requested.start >= size) throw new MediaRangeNotSatisfiableError(key, size);
  return { start: requested.start, end: Math.min(requested.end ?? size - 1, size - 1) };
}

export const contentRangeOf = (range: ByteRange, size: number) => `bytes ${range.start}-${range.end}/${size}`;
