import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Smaller answers go out as they are: compressing them saves a packet at most. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Per-answer settings, chosen for CPU: on 18 KB of catalogue JSON brotli 5 takes ~0.13 ms for 23 % of
 * the size, brotli 11 ~16 ms for 20 %; gzip 6 ~0.08 ms for 25 % (docs/PERFORMANCE.md, Compression).
 */
const FAST = { brotliQuality: 5, gzipLevel: 6 };
/** For bodies compressed once and sent many times (index.html at boot). */
export const SMALLEST = { brotliQuality: constants.BROTLI_MAX_QUALITY, gzipLevel: constants.Z_BEST_COMPRESSION };
/** Only the API is compressed per answer: the web client's files are compressed at build time, video and uploads never. */
const COMPRESSED_ROUTES = /^\/api(\/|$)/;

export type ContentCoding = 'br' | 'gzip';

/** A body in both codings, made once and sent many times (catalogue cache, index.html). */
export interface CompressedForms {
  br: Buffer;
  gzip: Buffer;
}

/** Both compressed forms of a body (by default with the per-answer settings); null when under COMPRESS_MIN_BYTES. */
export function compressedForms(body: Buffer, { brotliQuality, gzipLevel } = FAST, minBytes = COMPRESS_MIN_BYTES): CompressedForms | null {
  if (body.length < minBytes) return null;
  return {
    br: ownBytes(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })),
    gzip: ownBytes(gzipSync(body, { level: gzipLevel })),
  };
}

/**
 * A copy holding exactly its bytes, for what is kept long: zlib's results are views of 16 KB chunks,
 * small Buffer.from()s share 8 KB pool slabs, Redis replies can be views of a socket read.
 */
export function ownBytes(bytes: Buffer | string): Buffer {
  const own = Buffer.allocUnsafeSlow(typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length);
  if (typeof bytes === 'string') own.write(bytes);
  else bytes.copy(own);
  return own;
}

const negotiated = new Map<string, ContentCoding | null>();

/**
 * The coding to answer with for an Accept-Encoding header: the one with the higher q-value, brotli on a
 * tie, none when neither is accepted. Remembered per header value (browsers send a handful of them).
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return null;
  let coding = negotiated.get(acceptEncoding);
  if (coding === undefined) {
    coding = negotiate(acceptEncoding);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(acceptEncoding, coding);
  }
  return coding;
}

function negotiate(header: string): ContentCoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      if (key.trim().toLowerCase() === 'q') weight = Number(value.trim()) || 0;
    }
    weights.set(token === 'x-gzip' ? 'gzip' : token, weight);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Compresses API answers of COMPRESS_MIN_BYTES and more with brotli or gzip, as the client accepts
 * (@fastify/compress). It leaves alone every other route (web client files are sent pre-compressed,
 * /media and /uploads never are: byte ranges), answers that already carry a Content-Encoding (the
 * catalogue cache sends its stored compressed forms), 206s and request bodies (not decompressed).
 * Call it before any route is registered.
 */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      // Runs before the plugin's own onRoute hook, which skips routes marked so.
      if (!COMPRESSED_ROUTES.test(route.url)) route.compress = false;
    });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: FAST.brotliQuality } },
    zlibOptions: { level: FAST.gzipLevel },
    globalDecompression: false,
  });
}
