import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

const NOT_SPA = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built web client: hashed assets cached for a year, and index.html (never cached) for
 * every other GET that no route answered, so client-side routes survive a reload.
 */
export class SpaFallback {
  private readonly indexHtml: string | null;

  constructor(private readonly distDir: string) {
    const indexPath = join(distDir, 'index.html');
    this.indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  }

  get available(): boolean {
    return this.indexHtml !== null;
  }

  registerAssets(app: NestFastifyApplication) {
    if (!this.available) return;
    app.useStaticAssets({
      root: this.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // @fastify/static 10 hands over the Fastify reply (its types still say a raw response).
      setHeaders: (reply: unknown, filePath: string) => {
        const hashed = filePath.startsWith(join(this.distDir, 'assets'));
        (reply as FastifyReply).header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  serves(request: FastifyRequest, exception: unknown): boolean {
    return (
      this.available &&
      exception instanceof NotFoundException &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_SPA.test(request.url)
    );
  }

  send(reply: FastifyReply) {
    reply.status(200).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(this.indexHtml);
  }
}
