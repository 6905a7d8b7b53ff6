import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { GatewayEnv } from '@portal/config';
import { REDIS } from '@portal/messaging';
import { PinoNestLogger, recordHttpMetrics, resolveRequestId } from '@portal/platform';
import multipart from '@fastify/multipart';
import { CatalogueResponseCache } from './catalogue/catalogue-response-cache';
import { GatewayAppModule } from './gateway-app.module';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { registerCompression } from './http/compression';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { FrameworkErrors } from './http/framework-errors';
import { registerJsonBodyParser } from './http/json-body-parser';
import { registerGlobalRateLimit } from './http/global-rate-limit';
import { serveGatewayMetrics } from './http/metrics-access';
import { registerSecurityHeaders } from './http/security-headers';
import { serveEpisodeUploads } from './media/episode-uploads';
import { serveMedia } from './media/serve-media';
import { serveUploads } from './uploads/serve-uploads';
import { serveCards } from './rewards/serve-cards';
import { serveRobotsTxt } from './web/robots-txt';
import { SpaFallback } from './web/spa-fallback';

/** The public edge: `/api/*` in the envelope, OpenAPI at `/api/docs`, the web client at `/`, and `/metrics` for internal scrapers. */
export async function createGatewayApp(config: GatewayEnv, logger: Logger): Promise<NestFastifyApplication> {
  const frameworkErrors = new FrameworkErrors();
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => resolveRequestId(request.headers['x-request-id']),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrors.onFrameworkError,
    clientErrorHandler: frameworkErrors.onClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayAppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger.child({ context: 'nest' })),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const securityHeaders = await registerSecurityHeaders(fastify, config);
  frameworkErrors.decorateWith((request, reply) => {
    reply.header('X-Request-Id', request.id);
    securityHeaders(request, reply);
  });
  await registerCompression(app);
  registerJsonBodyParser(app);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // The access log: refused, failed and slow requests at info; every other one at debug only, since
  // writing and relaying a line per request cost more CPU than a cached answer itself (docs/PERFORMANCE.md).
  const logNotable = logger.isLevelEnabled('info');
  const logEvery = logger.isLevelEnabled('debug');
  fastify.addHook('onResponse', (request, reply, done) => {
    const notable = reply.statusCode >= 400 || reply.elapsedTime >= config.SLOW_REQUEST_MS;
    if (notable ? logNotable : logEvery) {
      logger[notable ? 'info' : 'debug'](
        { requestId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });
  recordHttpMetrics(fastify);
  serveGatewayMetrics(fastify, config.METRICS_TOKEN);
  serveRobotsTxt(fastify);
  registerGlobalRateLimit(fastify, app.get<Redis>(REDIS), config.REDIS_KEY_PREFIX, config.RATE_LIMIT_GLOBAL_PER_MINUTE);
  app.get(CatalogueResponseCache).register(fastify);
  await app.register(multipart);
  await serveUploads(app, config.UPLOADS_DIR);
  await serveMedia(app, config, logger);
  await serveEpisodeUploads(app, config, logger);
  await serveCards(app, config.MEDIA_DIR);

  app.useWebSocketAdapter(new RedisIoAdapter(app, config.REDIS_URL, config.REDIS_KEY_PREFIX));
  app.setGlobalPrefix('api');
  const spa = new SpaFallback(config.WEB_DIST_DIR ?? resolve(process.cwd(), 'web/dist'), config.PAGE_SHELL_DEADLINE_MS);
  app.useGlobalInterceptors(new EnvelopeInterceptor());
  app.useGlobalFilters(new ApiExceptionFilter(logger, spa));
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('Anime portal API')
    .setDescription('Every response is `{ success, data, meta? }` or `{ success: false, message, code, errors? }`.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => cleanupOpenApiDoc(SwaggerModule.createDocument(app, openApi)), { jsonDocumentUrl: 'api/docs.json' });
  spa.registerAssets(app);
  return app;
}
