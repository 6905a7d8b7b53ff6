import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { metricsRegistry, startDefaultMetrics } from './portal-metrics';

export interface MetricsRouteOptions {
  /** Whether this request may read the metrics; a refused one gets `notFound` (the route does not exist for it). */
  allow?: (request: FastifyRequest) => boolean;
  notFound?: (reply: FastifyReply) => unknown;
}

/** `GET /metrics` in Prometheus' text format, at the root of the app's HTTP server (outside any prefix). */
export function serveMetrics(fastify: FastifyInstance, options: MetricsRouteOptions = {}): void {
  startDefaultMetrics();
  const notFound = options.notFound ?? ((reply: FastifyReply) => reply.status(404).send({ message: 'Not Found' }));
  fastify.get('/metrics', async (request, reply) => {
    if (options.allow && !options.allow(request)) return notFound(reply);
    const body = await metricsRegistry.metrics();
    return reply.header('Content-Type', metricsRegistry.contentType).header('Cache-Control', 'no-store').send(body);
  });
}
