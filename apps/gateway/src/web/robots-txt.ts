import type { FastifyInstance } from 'fastify';

/**
 * What crawlers may not fetch: the API (its card files and docs too), the live and per-viewer
 * surfaces (metrics, sockets, uploads, video segments), the pages that are one viewer's own or
 * an admin's, sign-in and its callbacks, watch-party rooms and the TV mode (the same titles as
 * /anime and /watch, for a remote control). Everything else (the catalogue, titles, episodes, news,
 * AMV, quizzes, rankings, characters, collections, public profiles) may be crawled.
 */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/metrics',
  '/socket.io/',
  '/uploads/',
  '/media/',
  '/admin',
  '/profile',
  '/settings',
  '/orders',
  '/my-amv-playlist',
  '/quiz/new',
  '/quiz/*/edit',
  '/watch-party/',
  '/tv',
  '/login',
  '/register',
  '/vk-auth',
  '/vk-callback',
  '/auth/',
] as const;

export const ROBOTS_TXT = ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), ''].join('\n');

/** `GET /robots.txt`: a real file, not the web client's index.html from the SPA fallback. */
export function serveRobotsTxt(fastify: FastifyInstance): void {
  fastify.get('/robots.txt', (_request, reply) => {
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(ROBOTS_TXT);
  });
}
