import type { FastifyInstance } from 'fastify';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';

const EXEMPT = /^\/api\/health(\/|$|\?)/;

/** Requests per IP per minute across all gateway replicas (the counter lives in Redis). */
export function registerGlobalRateLimit(fastify: FastifyInstance, redis: Redis, keyPrefix: string, perMinute: number) {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}gateway:rl`, points: perMinute, duration: 60 });
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || EXEMPT.test(request.url)) return;
    try {
      await limiter.consume(request.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      reply
        .status(429)
        .header('Retry-After', String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))))
        .send({ success: false, code: ErrorCode.RateLimited, message: GENERIC_MESSAGES.rateLimited });
      return reply;
    }
  });
}
