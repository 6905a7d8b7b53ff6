import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { Logger } from 'pino';
import type { ServiceName } from '@portal/contracts';
import type { ServiceEnv } from '@portal/config';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { callApplied, reportOpenTransactionsTo } from '@portal/db';
import { RedisStreamsServer, SanctionLookup } from '@portal/messaging';
import { PinoNestLogger } from './logger';
import { RpcContextInterceptor } from './rpc-context.interceptor';
import { RpcExceptionsFilter } from './rpc-exceptions.filter';
import { AnswerCheckInterceptor } from './operations/answer-check.interceptor';
import { OperationAccessGuard } from './operations/operation-access.guard';
import { RoleLookup } from './operations/role-lookup';
import { serveMetrics } from './metrics/metrics-route';

/**
 * A service process: the Redis-transport listener for its message patterns, plus a small HTTP
 * server for the orchestrator's probes and Prometheus (`/metrics`). Used by main.ts and by the tests,
 * so both boot the same way.
 */
export async function createServiceApp(rootModule: DynamicModule, config: ServiceEnv, logger: Logger): Promise<NestFastifyApplication> {
  // A remote call inside an open transaction: refused in test and development, logged once per call site in production.
  reportOpenTransactionsTo((error) => logger.error({ err: error }, error.message));
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, new FastifyAdapter(), {
    logger: new PinoNestLogger(logger.child({ context: 'nest' })),
    abortOnError: false,
  });
  // A service's schema is named after it (ServicePlatformModule).
  const dataSource = app.get<DataSource>(getDataSourceToken(), { strict: false });
  const { schema } = dataSource.options as { schema: string };
  app.useGlobalInterceptors(new RpcContextInterceptor(logger, schema), ...(config.CHECK_ANSWERS ? [new AnswerCheckInterceptor(logger)] : []));
  app.useGlobalGuards(new OperationAccessGuard(app.get(SanctionLookup, { strict: false }), optionalProvider(app, RoleLookup)));
  app.useGlobalFilters(new RpcExceptionsFilter(logger));
  serveMetrics(app.getHttpAdapter().getInstance());
  const transport = new RedisStreamsServer({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  transport.useWriteCheck((callId) => callApplied(dataSource, schema, callId));
  app.connectMicroservice<MicroserviceOptions>({ strategy: transport }, { inheritAppConfig: true });
  app.enableShutdownHooks();
  return app;
}

export async function startServiceApp(app: NestFastifyApplication, service: ServiceName, port: number, logger: Logger) {
  await app.startAllMicroservices();
  await app.listen(port, '0.0.0.0');
  logger.info({ port }, `${service} service ready`);
}

function optionalProvider<T>(app: NestFastifyApplication, token: abstract new (...args: never[]) => T): T | null {
  try {
    return app.get(token, { strict: false });
  } catch {
    return null;
  }
}
