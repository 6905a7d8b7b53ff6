import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { Logger } from 'pino';
import type { ServiceName } from '@portal/contracts';
import type { ServiceEnv } from '@portal/config';
import { PrefixedRedisServer, redisTransportOptions } from '@portal/messaging';
import { PinoNestLogger } from './logger';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { RpcExceptionsFilter } from './rpc-exceptions.filter';

/**
 * A service process: the Redis-transport listener for its message patterns, plus a small HTTP
 * server for the orchestrator's probes. Used by main.ts and by the tests, so both boot the same way.
 */
export async function createServiceApp(
  rootModule: DynamicModule,
  config: ServiceEnv,
  logger: Logger,
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, new FastifyAdapter(), {
    logger: new PinoNestLogger(logger.child({ context: 'nest' })),
    abortOnError: false,
  });
  app.useGlobalInterceptors(new RpcContextInterceptor(logger));
  app.useGlobalFilters(new RpcExceptionsFilter(logger));
  app.connectMicroservice<MicroserviceOptions>(
    { strategy: new PrefixedRedisServer(config.REDIS_KEY_PREFIX, redisTransportOptions(config.REDIS_URL)) },
    { inheritAppConfig: true },
  );
  app.enableShutdownHooks();
  return app;
}

export async function startServiceApp(app: NestFastifyApplication, service: ServiceName, port: number, logger: Logger) {
  await app.startAllMicroservices();
  await app.listen(port, '0.0.0.0');
  logger.info({ port }, `${service} service ready`);
}
