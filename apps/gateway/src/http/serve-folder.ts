import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface FolderOptions {
  /** The folder on disk; made when missing (@fastify/static wants it to exist). */
  dir: string;
  /** The URL prefix, without a trailing slash: `/media`, `/uploads`. */
  prefix: string;
  /** Which files may be served; the rest are 404s. */
  allowedPath?: (path: string) => boolean;
  /** Headers of a served file (content type, caching, CSP). */
  headersFor: (filePath: string) => Record<string, string>;
}

/**
 * Serves a folder in a scope of its own with its own 404: a missing file must be a plain 404, never
 * the web client's index.html. Dotfiles, folders (no listing) and paths out of the folder are 404s
 * too; only a bad byte range says so (416).
 */
export async function serveFolder(app: NestFastifyApplication, options: FolderOptions): Promise<void> {
  const root = resolve(options.dir);
  mkdirSync(root, { recursive: true });
  const refuse = (reply: FastifyReply, status = 404) =>
    reply
      .status(status)
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('X-Content-Type-Options', 'nosniff')
      .send(status === 416 ? 'Range Not Satisfiable' : 'Not Found');
  await app.register(
    async (scope: FastifyInstance) => {
      scope.setNotFoundHandler((_request, reply) => refuse(reply));
      scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => refuse(reply, error.statusCode === 416 ? 416 : 404));
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        redirect: false,
        dotfiles: 'ignore',
        acceptRanges: true,
        cacheControl: false,
        allowedPath: options.allowedPath,
        // @fastify/static 10 hands over the Fastify reply (its types still say a raw response).
        setHeaders: (reply: unknown, filePath: string) => {
          const fastifyReply = reply as FastifyReply;
          for (const [name, value] of Object.entries(options.headersFor(filePath))) fastifyReply.header(name, value);
        },
      });
    },
    { prefix: options.prefix },
  );
}
