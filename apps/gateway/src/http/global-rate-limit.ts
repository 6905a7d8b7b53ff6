import type { FastifyInstance, FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { SharedWindowLimiter } from './shared-window-limiter';

const EXEMPT = /^\/api\/health(\/|$|\?)/;
const FLUSH_MS = 100;
const LOCAL_SHARE = 0.5;

/** Requests per IP per minute across all gateway replicas (the counts meet in Redis). */
export function registerGlobalRateLimit(fastify: FastifyInstance, redis: Redis, keyPrefix: string, perMinute: number) {
  const limiter = new SharedWindowLimiter(redis, `${keyPrefix}gateway:rl`, {
    limit: perMinute,
    windowMs: 60_000,
    flushMs: FLUSH_MS,
    localShare: LOCAL_SHARE,
  });
  fastify.addHook('onClose', () => limiter.stop());
  const refuse = (reply: FastifyReply, retryAfterMs: number) =>
    reply
      .status(429)
      .header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
      .send({ success: false, code: ErrorCode.RateLimited, message: GENERIC_MESSAGES.rateLimited });
  // A callback hook: most requests are decided in memory, without a promise per request.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || EXEMPT.test(request.url)) return done();
    const decision = limiter.consume(request.ip);
    if (!(decision instanceof Promise)) {
      if (decision.allowed) return done();
      refuse(reply, decision.retryAfterMs);
      return;
    }
    decision.then(
      (shared) => (shared.allowed ? done() : void refuse(reply, shared.retryAfterMs)),
      (error: Error) => done(error),
    );
  });
}
