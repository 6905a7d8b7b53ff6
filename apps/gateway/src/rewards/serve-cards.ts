import { basename, extname, join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CARD_FILE_PATTERN, CARD_FILE_TYPES, CARD_MEDIA_FOLDER } from '@portal/contracts';
import { serveFolder } from '../http/serve-folder';

/**
 * Serves the card files at /api/cards/{file} (SPEC: the dialog loads them there) from
 * MEDIA_DIR/cards. Names are content-hashed, so a file is cached for a year; only a name of
 * CARD_FILE_PATTERN is served (no folders, no dotfiles, no `..`), anything else is a 404. An SVG is
 * sent with a CSP that forbids script and every load but inline style, so a card cannot run code.
 */
export function serveCards(app: NestFastifyApplication, mediaDir: string): Promise<void> {
  return serveFolder(app, {
    dir: join(mediaDir, CARD_MEDIA_FOLDER),
    prefix: '/api/cards',
    allowedPath: (path) => CARD_FILE_PATTERN.test(path.replace(/^\//, '')),
    headersFor: (filePath) => {
      const extension = extname(basename(filePath)).slice(1).toLowerCase();
      return {
        'Content-Type': CARD_FILE_TYPES[extension] ?? 'application/octet-stream',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': extension === 'svg' ? "default-src 'none'; style-src 'unsafe-inline'" : "default-src 'none'",
        'Cross-Origin-Resource-Policy': 'same-origin',
      };
    },
  });
}
