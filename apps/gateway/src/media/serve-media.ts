import { extname } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MEDIA_URL_PREFIX } from '@portal/contracts';
import { serveFolder } from '../http/serve-folder';

/** What /media/ serves, by extension; anything else (the manifest, stray files) is a 404. */
export const MEDIA_TYPES: Record<string, { type: string; cache: string }> = {
  // Playlists are small and may be regenerated: revalidated on every use (ETag / Last-Modified).
  '.m3u8': { type: 'application/vnd.apple.mpegurl', cache: 'public, no-cache' },
  // Segments live under a build folder named by their content, so a URL never changes meaning.
  '.ts': { type: 'video/mp2t', cache: 'public, max-age=31536000, immutable' },
  '.m4s': { type: 'video/iso.segment', cache: 'public, max-age=31536000, immutable' },
  '.mp4': { type: 'video/mp4', cache: 'public, max-age=31536000, immutable' },
  // Uploaded AMVs (docs/media.md, «AMV»): named by a fresh id, so they never change either.
  '.webm': { type: 'video/webm', cache: 'public, max-age=31536000, immutable' },
  '.vtt': { type: 'text/vtt; charset=utf-8', cache: 'public, no-cache' },
};

const served = (path: string) => Object.hasOwn(MEDIA_TYPES, extname(path).toLowerCase());

/** Serves MEDIA_DIR at /media/ (HLS playlists and segments, with byte ranges). */
export function serveMedia(app: NestFastifyApplication, mediaDir: string): Promise<void> {
  return serveFolder(app, {
    dir: mediaDir,
    prefix: MEDIA_URL_PREFIX.replace(/\/$/, ''),
    allowedPath: served,
    headersFor: (filePath) => {
      const media = MEDIA_TYPES[extname(filePath).toLowerCase()] ?? { type: 'application/octet-stream', cache: 'no-store' };
      return {
        'Content-Type': media.type,
        'Cache-Control': media.cache,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      };
    },
  });
}
