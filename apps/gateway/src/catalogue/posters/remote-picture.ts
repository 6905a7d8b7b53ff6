import sharp from 'sharp';
import { detectImageType } from '../../uploads/image-type';
import { MAX_PIXELS } from '../../uploads/resized-image';

/** Redirects followed, each to an allowed origin only. */
const MAX_REDIRECTS = 3;
/** A cover bigger than this is not a cover. */
const MAX_BYTES = 8 * 1024 * 1024;
/** Twice the widest poster box of the web client (200 CSS px), for 2× screens. */
export const POSTER_WIDTH = 480;

export interface RemotePictureOptions {
  /** Whether the gateway may fetch from this URL's origin (the first URL and every redirect). */
  allowed: (url: URL) => boolean;
  timeoutMs: number;
}

/**
 * A picture from another host, as a WebP at most POSTER_WIDTH wide. Throws on anything else: an origin
 * not allowed, a network error or timeout, an error status, too many redirects, a body over MAX_BYTES,
 * a file that is no JPEG, PNG, GIF or WebP by its content, or one sharp cannot read.
 */
export async function fetchPosterPicture(source: string, { allowed, timeoutMs }: RemotePictureOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(source);
  for (let redirects = 0; ; redirects++) {
    if (!allowed(url)) throw new Error(`origin not allowed: ${url.origin}`);
    const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/avif,image/webp,image/*' } });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (redirects === MAX_REDIRECTS) throw new Error('too many redirects');
      url = new URL(location, url);
      continue;
    }
    if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
    const bytes = await readAtMost(response.body, MAX_BYTES);
    if (!detectImageType(bytes)) throw new Error('not a picture');
    return sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize({ width: POSTER_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  }
}

async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      await body.cancel().catch(() => undefined);
      throw new Error(`over ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
