import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';

/** Serves stored uploads at /uploads/<key>. Keys are random, so a file never changes under its URL. */
export async function serveUploads(app: NestFastifyApplication, uploadsDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: resolve(uploadsDir),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // @fastify/static 10 hands over the Fastify reply (its types still say a raw response).
    setHeaders: (reply: unknown) => {
      (reply as FastifyReply)
        // Uploads are images checked by type; still, never let one run as a page.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}
