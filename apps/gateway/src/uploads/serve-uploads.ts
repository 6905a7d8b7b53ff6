import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { serveFolder } from '../http/serve-folder';

/** Serves stored uploads at /uploads/<key>. Keys are random, so a file never changes under its URL. */
export function serveUploads(app: NestFastifyApplication, uploadsDir: string): Promise<void> {
  return serveFolder(app, {
    dir: uploadsDir,
    prefix: '/uploads',
    headersFor: () => ({
      // Uploads are images and videos checked by content; still, never let one run as a page.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
    }),
  });
}
