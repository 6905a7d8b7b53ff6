import { extname, join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AMV_MEDIA_FOLDER, MEDIA_URL_PREFIX } from '@portal/contracts';
import {
  createMediaStore,
  isMediaKey,
  MEDIA_FILE_TYPES,
  type MediaObjectInfo,
  MediaRangeNotSatisfiableError,
  type MediaStore,
  type MediaStoreSettings,
} from '@portal/platform';
import { serveFolder } from '../http/serve-folder';

/** What /media/ serves, by extension (type and caching from the media store's table); anything else (the manifest, stray files) is a 404. */
export const MEDIA_TYPES: Record<string, { type: string; cache: string }> = Object.fromEntries(
  ['.m3u8', '.ts', '.m4s', '.mp4', '.webm', '.vtt', '.jpg'].map((extension) => [
    extension,
    { type: MEDIA_FILE_TYPES[extension].contentType, cache: MEDIA_FILE_TYPES[extension].cacheControl },
  ]),
);

/**
 * Answered by the gateway even when segments are redirected to signed URLs: a player resolves the
 * relative URLs inside a playlist against the URL it was finally read from, and a bucket's URL would
 * turn them into unsigned ones.
 */
const NEVER_REDIRECTED = new Set(['.m3u8', '.vtt']);

function typeOf(path: string): { type: string; cache: string } | undefined {
  const extension = extname(path).toLowerCase();
  return Object.hasOwn(MEDIA_TYPES, extension) ? MEDIA_TYPES[extension] : undefined;
}

const served = (path: string) => typeOf(path) !== undefined;

function fileHeaders(media: { type: string; cache: string }): Record<string, string> {
  return {
    'Content-Type': media.type,
    'Cache-Control': media.cache,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  };
}

/**
 * Serves the media store at /media/ (HLS playlists and segments, with byte ranges). The folder store
 * (`MEDIA_STORE=folder`) is served by @fastify/static as it always was; a bucket (`s3`) is streamed
 * from it, or its segments redirected to signed URLs when `MEDIA_PUBLIC_BASE_URL` is set. AMV clips
 * stay in `MEDIA_DIR/amv` either way (their upload and transcode write there).
 */
export async function serveMedia(app: NestFastifyApplication, config: MediaStoreSettings, logger?: Logger): Promise<void> {
  const prefix = MEDIA_URL_PREFIX.replace(/\/$/, '');
  const headersFor = (filePath: string) => fileHeaders(typeOf(filePath) ?? { type: 'application/octet-stream', cache: 'no-store' });
  if (config.MEDIA_STORE !== 's3') return serveFolder(app, { dir: config.MEDIA_DIR, prefix, allowedPath: served, headersFor });
  // The more specific route wins: /media/amv/… from the folder, the rest of /media/ from the bucket.
  await serveFolder(app, { dir: join(config.MEDIA_DIR, AMV_MEDIA_FOLDER), prefix: `${prefix}/${AMV_MEDIA_FOLDER}`, allowedPath: served, headersFor });
  await serveStore(app, createMediaStore(config), prefix, { redirect: Boolean(config.MEDIA_PUBLIC_BASE_URL), logger });
}

/** Whether a validator list (`If-None-Match`) names this ETag, weakly compared as RFC 9110 asks for GET. */
function etagListed(header: string | undefined, etag: string | undefined): boolean {
  if (!header || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** 304 for a request whose validators match what is stored (`If-None-Match` first, else `If-Modified-Since`). */
function notModified(request: FastifyRequest, info: MediaObjectInfo): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) return etagListed(noneMatch, info.etag);
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && info.lastModified !== undefined && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

/** `If-Range`: the range holds only while the file is the one the client has part of. */
function rangeStillValid(request: FastifyRequest, info: MediaObjectInfo): boolean {
  const ifRange = request.headers['if-range'];
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  if (ifRange.startsWith('"')) return info.etag === ifRange;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && info.lastModified !== undefined && Math.floor(info.lastModified.getTime() / 1000) * 1000 === date;
}

function validators(info: MediaObjectInfo): Record<string, string> {
  return {
    ...(info.etag && { ETag: info.etag }),
    ...(info.lastModified && { 'Last-Modified': info.lastModified.toUTCString() }),
  };
}

async function serveStore(app: NestFastifyApplication, store: MediaStore, prefix: string, options: { redirect: boolean; logger?: Logger }): Promise<void> {
  const refuse = (reply: FastifyReply, status: 404 | 503 = 404) =>
    reply
      .status(status)
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(status === 404 ? 'Not Found' : 'Service Unavailable');

  const serve = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = request.params['*'];
    const media = typeOf(key);
    // No listing, no dotfiles (partial uploads), nothing out of the store (`..`, encoded or not, is refused as a key).
    if (!media || !isMediaKey(key)) return refuse(reply);
    if (options.redirect && !NEVER_REDIRECTED.has(extname(key).toLowerCase())) {
      // Segments are fetched from the bucket itself; the URL is signed and expires (MEDIA_URL_TTL_SECONDS).
      return reply
        .status(302)
        .header('Location', await store.publicUrl(key))
        .header('Cache-Control', 'no-store')
        .send();
    }
    const headers = { ...fileHeaders(media), 'Accept-Ranges': 'bytes' };
    if (request.method === 'HEAD') {
      const info = await store.stat(key);
      if (!info) return refuse(reply);
      if (notModified(request, info))
        return reply
          .status(304)
          .headers({ ...headers, ...validators(info) })
          .send();
      return reply
        .status(200)
        .headers({ ...headers, ...validators(info), 'Content-Length': String(info.size) })
        .send();
    }
    const range = request.headers.range;
    let object;
    try {
      object = await store.open(key, range);
      if (object?.range && !rangeStillValid(request, object)) {
        object.body.destroy();
        object = await store.open(key);
      }
    } catch (error) {
      if (!(error instanceof MediaRangeNotSatisfiableError)) throw error;
      return reply
        .status(416)
        .headers({ ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Range': `bytes */${error.size}` })
        .send('Range Not Satisfiable');
    }
    if (!object) return refuse(reply);
    if (notModified(request, object)) {
      object.body.destroy();
      return reply
        .status(304)
        .headers({ ...headers, ...validators(object) })
        .send();
    }
    reply.status(object.range ? 206 : 200).headers({ ...headers, ...validators(object), 'Content-Length': String(object.length) });
    if (object.contentRange) reply.header('Content-Range', object.contentRange);
    return reply.send(object.body);
  };

  await app.register(
    (scope: FastifyInstance, _options: unknown, done: (error?: Error) => void) => {
      scope.setNotFoundHandler((_request, reply) => refuse(reply));
      scope.setErrorHandler((error, request, reply) => {
        // The bucket is unreachable or refused us: say so, never the web client's page or a stack.
        options.logger?.error({ err: error, url: request.url }, 'media store failed');
        return refuse(reply, 503);
      });
      scope.addHook('onClose', () => store.close());
      scope.route({ method: ['GET', 'HEAD'], url: '/*', handler: serve });
      done();
    },
    { prefix },
  );
}
