import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_ROUTE_MODULES } from '@portal/contracts';
import { type CompressedForms, compressedForms, preferredCoding, SMALLEST } from '../http/compression';

const NOT_SPA = /^\/(api|socket\.io)(\/|$)/;

/** One chunk of Vite's build manifest (`build.manifest`): its file and the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** index.html as sent, in the forms the client may accept. */
interface IndexPage {
  html: Buffer;
  compressed: CompressedForms | null;
}

const pageOf = (html: Buffer): IndexPage => ({ html, compressed: compressedForms(html, SMALLEST, 0) });

/**
 * The built files a first-route page needs beyond what index.html loads already: its chunk and every
 * chunk it imports, minus the entry's.
 */
function pageChunks(manifest: Record<string, ManifestChunk>, modules: readonly string[]): string[] {
  const entryFiles = new Set<string>();
  const collectEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    chunk.imports?.forEach(collectEntry);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collectEntry(key);
  const files = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(collect);
  };
  modules.forEach(collect);
  return [...files];
}

/**
 * Serves the built web client: hashed assets cached for a year, and index.html (never cached) for
 * every other GET that no route answered, so client-side routes survive a reload. Files go out in
 * the brotli or gzip form the build made next to them (web/vite.config.ts), as the client accepts;
 * index.html's are made here at boot. For a first route (`/`, `/catalog`, `/anime/:id`, `/watch/...`)
 * index.html also names the page's chunks, so a phone fetches them with the entry script, and Vite's
 * preload helper, finding them named, inserts no links of its own while the page renders (issue #13).
 */
export class SpaFallback {
  private readonly index: IndexPage | null;
  /** index.html for a first route (FIRST_ROUTE_MODULES), naming its page's code: made once at boot. */
  private readonly routePages: { path: RegExp; page: IndexPage }[];

  constructor(private readonly distDir: string) {
    const indexPath = join(distDir, 'index.html');
    this.index = existsSync(indexPath) ? pageOf(readFileSync(indexPath)) : null;
    this.routePages = this.index ? this.buildRoutePages(this.index.html.toString('utf8')) : [];
  }

  get available(): boolean {
    return this.index !== null;
  }

  /** What GET `url` answers: index.html, with the page's code named when the path is a first route. */
  pageFor(url: string): IndexPage | null {
    const path = url.split('?', 1)[0]!;
    return this.routePages.find((route) => route.path.test(path))?.page ?? this.index;
  }

  private buildRoutePages(html: string): { path: RegExp; page: IndexPage }[] {
    const manifestPath = join(this.distDir, '.vite', 'manifest.json');
    if (!existsSync(manifestPath) || !html.includes('</head>')) return [];
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    return FIRST_ROUTE_MODULES.map(({ path, modules }) => {
      const links = pageChunks(manifest, modules).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      return { path, page: pageOf(Buffer.from(html.replace('</head>', `${links.join('')}</head>`))) };
    });
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
    reply.status(200).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    const page = this.pageFor(reply.request.url)!;
    const coding = preferredCoding(reply.request.headers['accept-encoding']);
    const compressed = coding && page.compressed?.[coding];
    if (coding && compressed) reply.header('Content-Encoding', coding).send(compressed);
    else reply.send(page.html);
  }
}
