import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { GatewayEnv } from '@portal/config';

type Directives = Record<string, string[]>;
type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

export type ApplySecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

export type SecurityHeadersConfig = Pick<GatewayEnv, 'TRUST_PROXY' | 'VIDEO_PROVIDER_IFRAME_URL' | 'CSP_FRAME_HOSTS' | 'MEDIA_PUBLIC_BASE_URL'>;

/** The Swagger UI page and its files (`/api/docs`, `/api/docs/…`), not the document (`/api/docs.json`). */
const DOCS = /^\/api\/docs(?:[/?]|$)/;
/** What no browser renders as a page of ours: API answers, uploads and media (whose files set their own CSP). */
const RESOURCES = /^\/(?:api|uploads|media)(?:[/?]|$)/;

/** Shared by every policy: no plugins, no <base>, forms post only here, nobody frames us. */
const LOCKDOWN: Directives = {
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The web client (index.html, its assets, the SPA fallback, 404s outside /api). The built client has
 * no inline script (Vite emits module files only), so scripts are 'self' alone.
 * - style-src 'unsafe-inline': sonner (toasts) and react-remove-scroll-bar (Radix dialogs and menus)
 *   insert <style> elements at runtime; sonner takes no nonce and the scroll-bar rule is computed, so
 *   neither a nonce nor a hash can cover them. style-src-attr 'none': React's style prop goes through
 *   the CSSOM, which CSP does not govern, so no style *attribute* is needed (browsers without
 *   style-src-attr fall back to style-src).
 * - img-src https:: posters live on external hosts (bangumi.tv in the dataset, Shikimori after a sync,
 *   any https URL an admin enters); data:/blob: for inline icons, upload previews and hls.js.
 * - media-src/worker-src blob:: hls.js plays through MediaSource object URLs and runs its demuxer in a
 *   worker made from a blob; avatar previews before upload are blob URLs too. media-src data:: for each
 *   subtitle track hls.js adds a `<track src="data:,WEBVTT">` (Safari drops cues of a track without a source).
 * - media-src/connect-src MEDIA_PUBLIC_BASE_URL: hls.js fetches segments redirected to the bucket's signed URLs.
 * - connect-src 'self' covers same-origin ws:/wss: (socket.io) in Chromium 71+, Firefox and Safari 16+.
 * - frame-src: the video provider's origin and the AMV players of CSP_FRAME_HOSTS, nothing else.
 */
function appDirectives(config: SecurityHeadersConfig): Directives {
  const frames = [...new Set([...(config.VIDEO_PROVIDER_IFRAME_URL ? [new URL(config.VIDEO_PROVIDER_IFRAME_URL).origin] : []), ...config.CSP_FRAME_HOSTS])];
  const mediaOrigins = config.MEDIA_PUBLIC_BASE_URL ? [new URL(config.MEDIA_PUBLIC_BASE_URL).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-attr': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'data:', ...mediaOrigins],
    'connect-src': ["'self'", ...mediaOrigins],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': frames.length ? frames : ["'none'"],
    ...LOCKDOWN,
    // Behind the HTTPS edge, an http:// subresource (an old poster URL) is fetched over https instead
    // of being blocked as mixed content; on plain http it would break every same-origin request.
    ...(config.TRUST_PROXY && { 'upgrade-insecure-requests': [] }),
  };
}

/**
 * Swagger UI (@nestjs/swagger 11): its page has two inline <style> blocks and a style attribute on
 * its SVG sprite, so styles need 'unsafe-inline' (a hash would break on every @nestjs/swagger
 * update; the page shows no user content). Its scripts are files (swagger-ui-bundle.js,
 * swagger-ui-standalone-preset.js, swagger-ui-init.js), so script-src stays 'self'. Its CSS
 * draws icons from data: URLs; "Try it out" fetches this origin.
 */
const DOCS_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  ...LOCKDOWN,
};

/** JSON, uploads, media and their 404s load nothing: if one is ever opened as a page, it runs nothing. */
const RESOURCE_DIRECTIVES: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

function helmetOptions(config: SecurityHeadersConfig, directives: Directives): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Helmet's defaults for the rest: Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy
    // same-origin, X-Content-Type-Options nosniff, Origin-Agent-Cluster, X-DNS-Prefetch-Control off…
    // HSTS only behind the HTTPS edge (TRUST_PROXY): on plain http it would only confuse.
    strictTransportSecurity: config.TRUST_PROXY ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  };
}

/** Not helmet's: what the scratch answer carries anyway. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers @fastify/helmet sets with these options, read once from a scratch instance. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<HeaderList> {
  const scratch = Fastify();
  try {
    await scratch.register(fastifyHelmet, options);
    scratch.get('/', (_request, reply) => reply.send(''));
    const { headers } = await scratch.inject('/');
    return Object.entries(headers)
      .filter(([name]) => !NOT_HELMET.has(name))
      .map(([name, value]) => [name, String(value)] as const);
  } finally {
    await scratch.close();
  }
}

/**
 * Security headers on everything the gateway answers: the web client, the API, /api/docs, uploads,
 * media, errors and 404s. Helmet decides the headers, computed once at boot for each of the three
 * policies; a callback onRequest hook on the root instance then copies the right set onto every
 * reply. Registering @fastify/helmet itself would rebuild helmet's middleware on every request in
 * two async hooks (a promise per request on the hot path, see docs/PERFORMANCE.md): 6–8 µs of CPU
 * per request on a plain fastify against 2 µs for this copy, next to ~25 µs for a whole cached
 * catalogue read through the gateway. Call it before any route, static folder or hook that may
 * answer early (the rate limit's 429), so that all of them inherit the hook. Files served from
 * /uploads and /media replace the CSP with their own. Returns the copy, for answers Fastify makes
 * before any hook runs (framework-errors.ts).
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, config: SecurityHeadersConfig): Promise<ApplySecurityHeaders> {
  const [app, docs, resources] = await Promise.all(
    [appDirectives(config), DOCS_DIRECTIVES, RESOURCE_DIRECTIVES].map((directives) => helmetHeaders(helmetOptions(config, directives))),
  );
  const apply: ApplySecurityHeaders = (request, reply) => {
    const url = request.url;
    const headers = DOCS.test(url) ? docs : RESOURCES.test(url) ? resources : app;
    for (const [name, value] of headers) reply.header(name, value);
  };
  fastify.addHook('onRequest', (request, reply, done) => {
    apply(request, reply);
    done();
  });
  return apply;
}
