import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, httpRequests } from './portal-metrics';

/**
 * Counts and times every answered request by its matched route pattern (`/api/anime/:id`), so ids in
 * URLs do not make a series each; a request no route matched (404s, the SPA fallback) is `unmatched`.
 */
export function recordHttpMetrics(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = (!request.is404 && request.routeOptions.url) || 'unmatched';
    const labels = { method: request.method, route };
    httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
