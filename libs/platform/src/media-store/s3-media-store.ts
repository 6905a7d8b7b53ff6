import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { mediaUrlPath } from './folder-media-store';
import { mediaFileType } from './media-file-types';
import {
  assertMediaKey,
  type ByteRange,
  type MediaListEntry,
  MediaRangeNotSatisfiableError,
  type MediaObject,
  type MediaObjectInfo,
  type MediaStore,
  normalizeMediaPrefix,
  parseRangeHeader,
  type PutFileOptions,
  type PutFileResult,
  type PutFolderOptions,
  type PutFolderResult,
  resolveRange,
} from './media-store';
import { putFolderWith } from './put-folder';

export interface S3MediaStoreOptions {
  /** The S3 API as the apps reach it (`http://minio:9000`); unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `host/bucket/key` (MinIO and most S3-compatible servers) rather than `bucket.host/key`. */
  forcePathStyle: boolean;
  /** The S3 API as browsers reach it: `publicUrl` signs URLs there. Unset: `/media/<key>` through the gateway. */
  publicBaseUrl?: string;
  /** How long a signed URL stays valid (default 6 h). */
  urlTtlSeconds?: number;
  /** Parts of a multipart upload (default 8 MiB; S3 accepts 5 MiB and more); a smaller file goes in one request. */
  partSizeBytes?: number;
  /** Parts of one file sent at once (default 4). */
  partsAtOnce?: number;
  /** The clock of the signatures (tests sign in the past). */
  now?: () => number;
}

export const DEFAULT_MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

/** The SDK (~20 MB, ~0.4 s to load), loaded by the first store that talks to a bucket: most processes never need it. */
async function loadSdk() {
  const [s3, storage, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage'), import('@aws-sdk/s3-request-presigner')]);
  return { s3, storage, presigner };
}

type Sdk = Awaited<ReturnType<typeof loadSdk>>;

interface Connection {
  sdk: Sdk;
  client: S3Client;
  /** Signs for the public address; never sends a request. */
  signer?: S3Client;
}

interface S3Failure {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3Failure).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as S3Failure).name ?? '');
const isBadRange = (error: unknown) => statusOf(error) === 416 || (error as S3Failure).name === 'InvalidRange';

/** `bytes 0-99/1000` → the range and the whole size; undefined for anything else. */
function parseContentRange(header: string | undefined): { range: ByteRange; size: number } | undefined {
  const match = header && /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  return match ? { range: { start: Number(match[1]), end: Number(match[2]) }, size: Number(match[3]) } : undefined;
}

/**
 * The media store in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Yandex Object Storage, …).
 * Large files go up in parts (`@aws-sdk/lib-storage`); reads stream; ranges are resolved here when
 * a server would not (a suffix `bytes=-N`), so every server answers the same.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  private connection?: Promise<Connection>;
  private readonly ttlSeconds: number;

  constructor(private readonly options: S3MediaStoreOptions) {
    for (const name of ['bucket', 'accessKeyId', 'secretAccessKey', 'region'] as const) {
      if (!options[name]) throw new Error(`S3MediaStore: ${name} is required`);
    }
    if (options.partSizeBytes !== undefined && options.partSizeBytes < MIN_PART_SIZE) throw new Error(`S3MediaStore: parts of at least ${MIN_PART_SIZE} bytes`);
    this.ttlSeconds = options.urlTtlSeconds ?? DEFAULT_MEDIA_URL_TTL_SECONDS;
  }

  get bucket(): string {
    return this.options.bucket;
  }

  private connect(): Promise<Connection> {
    this.connection ??= loadSdk().then((sdk) => {
      const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle, publicBaseUrl } = this.options;
      const settings = (address: string | undefined) => ({
        endpoint: address,
        region,
        forcePathStyle,
        credentials: { accessKeyId, secretAccessKey },
        // The SDK's default checksums (aws-chunked bodies with trailers) are not understood by every
        // S3-compatible server; ask for them only where the operation requires one.
        requestChecksumCalculation: 'WHEN_REQUIRED' as const,
        responseChecksumValidation: 'WHEN_REQUIRED' as const,
        maxAttempts: 3,
        // Every viewer's segment holds a socket while it streams: far more than the default 50 at once.
        requestHandler: {
          connectionTimeout: 5000,
          httpAgent: { keepAlive: true, maxSockets: 512 },
          httpsAgent: { keepAlive: true, maxSockets: 512 },
        },
      });
      return {
        sdk,
        client: new sdk.s3.S3Client(settings(endpoint)),
        signer: publicBaseUrl ? new sdk.s3.S3Client(settings(publicBaseUrl)) : undefined,
      };
    });
    return this.connection;
  }

  async putFile(key: string, localPath: string, { contentType, cacheControl }: PutFileOptions): Promise<PutFileResult> {
    assertMediaKey(key);
    const { sdk, client } = await this.connect();
    const { size } = await stat(localPath);
    const upload = new sdk.storage.Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(localPath), ContentType: contentType, CacheControl: cacheControl },
      partSize: this.options.partSizeBytes ?? DEFAULT_PART_SIZE,
      queueSize: this.options.partsAtOnce ?? 4,
      // A failed multipart upload is aborted: its parts would be billed and never seen.
      leavePartsOnError: false,
    });
    let parts = 1;
    upload.on('httpUploadProgress', ({ part }) => {
      if (part !== undefined) parts = Math.max(parts, part);
    });
    await upload.done();
    return { key, size, parts };
  }

  putFolder(prefix: string, localDir: string, options?: PutFolderOptions): Promise<PutFolderResult> {
    return putFolderWith(this, prefix, localDir, options);
  }

  async open(key: string, range?: string): Promise<MediaObject | null> {
    assertMediaKey(key);
    const { sdk, client } = await this.connect();
    const requested = parseRangeHeader(range);
    let asked: string | undefined;
    let ifMatch: string | undefined;
    if (requested && 'suffix' in requested) {
      // Not every server takes `bytes=-N` (s3rver reads it as 0-N): ask for the resolved range, of this very version.
      const info = await this.stat(key);
      if (!info) return null;
      const resolved = resolveRange(key, requested, info.size);
      asked = `bytes=${resolved.start}-${resolved.end}`;
      ifMatch = info.etag;
    } else if (requested) {
      asked = `bytes=${requested.start}-${requested.end ?? ''}`;
    }
    let answer;
    try {
      answer = await client.send(new sdk.s3.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: asked, IfMatch: ifMatch }));
    } catch (error) {
      if (isMissing(error)) return null;
      if (isBadRange(error)) {
        const info = await this.stat(key);
        if (!info) return null;
        throw new MediaRangeNotSatisfiableError(key, info.size);
      }
      // Replaced between the two requests: read it again, as it now is.
      if (statusOf(error) === 412 && ifMatch) return this.open(key, range);
      throw error;
    }
    const body = answer.Body;
    if (!(body instanceof Readable)) throw new Error(`S3MediaStore: ${key}: the answer has no readable body`);
    const length = answer.ContentLength ?? 0;
    const partial = parseContentRange(answer.ContentRange);
    const info: MediaObjectInfo = {
      size: partial?.size ?? length,
      contentType: answer.ContentType ?? mediaFileType(key).contentType,
      etag: answer.ETag,
      lastModified: answer.LastModified,
      cacheControl: answer.CacheControl,
    };
    if (!partial) return { ...info, body, length };
    return { ...info, body, length, range: partial.range, contentRange: answer.ContentRange };
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    assertMediaKey(key);
    const { sdk, client } = await this.connect();
    try {
      const head = await client.send(new sdk.s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? mediaFileType(key).contentType,
        etag: head.ETag,
        lastModified: head.LastModified,
        cacheControl: head.CacheControl,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async list(prefix: string): Promise<MediaListEntry[]> {
    const base = normalizeMediaPrefix(prefix, { allowEmpty: true });
    const { sdk, client } = await this.connect();
    const found: MediaListEntry[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.s3.ListObjectsV2Command({ Bucket: this.bucket, Prefix: base ? `${base}/` : undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        // Folder markers (`a/b/`) that some tools make are not files.
        if (object.Key && !object.Key.endsWith('/')) found.push({ key: object.Key, size: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async removePrefix(prefix: string): Promise<number> {
    const base = normalizeMediaPrefix(prefix, { allowEmpty: false });
    const { sdk, client } = await this.connect();
    const keys = (await this.list(base)).map(({ key }) => key);
    for (let first = 0; first < keys.length; first += DELETE_BATCH) {
      const batch = keys.slice(first, first + DELETE_BATCH);
      const answer = await client.send(
        new sdk.s3.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(
          `S3MediaStore: ${failed.length} of ${batch.length} not removed under ${base}/: ${failed[0].Key} ${failed[0].Code ?? ''} ${failed[0].Message ?? ''}`,
        );
      }
    }
    return keys.length;
  }

  async publicUrl(key: string): Promise<string> {
    assertMediaKey(key);
    if (!this.options.publicBaseUrl) return mediaUrlPath(key);
    const { sdk, signer } = await this.connect();
    if (!signer) return mediaUrlPath(key);
    return sdk.presigner.getSignedUrl(signer, new sdk.s3.GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: this.ttlSeconds,
      signingDate: new Date(this.signingTime()),
    });
  }

  /**
   * Signatures are made at the start of a window of a tenth of the lifetime (at most an hour), so the
   * same file has the same URL for a while and the browser's cache (segments are immutable) finds it
   * again; a URL handed out is still valid for at least nine tenths of its lifetime.
   */
  private signingTime(): number {
    const now = this.options.now?.() ?? Date.now();
    const windowMs = Math.min(Math.floor(this.ttlSeconds / 10), 3600) * 1000;
    return windowMs >= 1000 ? now - (now % windowMs) : now;
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (!connection) return;
    const { client, signer } = await connection;
    client.destroy();
    signer?.destroy();
  }
}
