import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressedForms, preferredCoding, SMALLEST } from '../http/compression';
import { PageShellRoutes, type ShellPage } from './page-shell-routes';

const NOT_SPA = /^\/(api|socket\.io)(\/|$)/;

/**
 * Serves the built web client: hashed assets cached for a year, and index.html (never cached) for
 * every other GET that no route answered, so client-side routes survive a reload. Files go out in
 * the brotli or gzip form the build made next to them (web/vite.config.ts), as the client accepts;
 * index.html's are made here at boot. The catalogue's pages get index.html with their first screen
 * drawn in (page-shell-routes.ts).
 */
export class SpaFallback {
  private readonly index: ShellPage | null = null;
  private readonly shells: PageShellRoutes | null = null;

  constructor(
    private readonly distDir: string,
    shellDeadlineMs: number,
  ) {
    const indexPath = join(distDir, 'index.html');
    if (!existsSync(indexPath)) return;
    const html = readFileSync(indexPath);
    this.index = { html, compressed: compressedForms(html, SMALLEST, 0) };
    this.shells = PageShellRoutes.of(html.toString(), shellDeadlineMs);
  }

  get available(): boolean {
    return this.index !== null;
  }

  registerAssets(app: NestFastifyApplication) {
    if (!this.available) return;
    app.useStaticAssets({
      root: this.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // x.js.br / x.js.gz when the client accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      // @fastify/static 10 hands over the Fastify reply (its types still say a raw response).
      setHeaders: (reply: unknown, filePath: string) => {
        const hashed = filePath.startsWith(join(this.distDir, 'assets'));
        (reply as FastifyReply).header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
    this.shells?.register(app.getHttpAdapter().getInstance(), (reply, page) => this.send(reply, page));
  }

  serves(request: FastifyRequest, exception: unknown): boolean {
    return this.available && exception instanceof NotFoundException && (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(request.url);
  }

  /** index.html, or the route's page drawn into it; it varies with the session hint cookie too. */
  send(reply: FastifyReply, page: ShellPage | null = null) {
    const { html, compressed } = page ?? this.index!;
    reply.status(200).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding, Cookie');
    const coding = preferredCoding(reply.request.headers['accept-encoding']);
    const body = coding && compressed?.[coding];
    if (coding && body) reply.header('Content-Encoding', coding).send(body);
    else reply.send(html);
  }
}
