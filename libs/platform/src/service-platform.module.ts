import { type DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { DataSource, MixedList } from 'typeorm';
import type { ServiceName } from '@portal/contracts';
import type { ServiceEnv } from '@portal/config';
import { AppliedCallsSubscriber, DatabaseModule, execute } from '@portal/db';
import {
  EVENT_ENTITIES,
  EventConsumer,
  eventTablesMigration,
  EventsModule,
  REDIS,
  REDIS_OPTIONS,
  RedisModule,
  type RedisOptions,
  SanctionLookup,
  transportCall,
} from '@portal/messaging';
import { AppliedCallsPruner } from './applied-calls-pruner';
import { HealthModule } from './health/health.module';
import { EventQueueMetrics } from './metrics/event-queue-metrics';
import { serviceMigrations } from './run-migrations';

export interface ServicePlatformOptions {
  service: ServiceName;
  config: ServiceEnv;
  logger: Logger;
  entities?: MixedList<Function>;
  migrations: MixedList<Function>;
}

/**
 * What every service stands on: Redis, its own database schema (migrated at boot), the outbox and
 * event consumer, health checks of both for the probes and the gateway, and its event queue's metrics.
 */
@Module({})
export class ServicePlatformModule {
  static forService({ service, config, logger, entities = [], migrations }: ServicePlatformOptions): DynamicModule {
    return {
      module: ServicePlatformModule,
      imports: [
        RedisModule.forRoot({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }),
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          schema: service,
          entities: [...(entities as Function[]), ...EVENT_ENTITIES],
          migrations: serviceMigrations(service, migrations as Function[]),
          subscribers: [new AppliedCallsSubscriber(service, () => transportCall.currentWriteRun())],
          poolSize: config.DB_POOL_SIZE,
          migrateOnBoot: config.MIGRATE_ON_BOOT,
        }),
        EventsModule.forService(service, logger),
        HealthModule.forService({
          service,
          inject: [getDataSourceToken(), REDIS],
          checks: (dataSource: DataSource, redis: Redis) => [
            { name: 'database', check: () => execute(dataSource, 'SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
          ],
          timeoutMs: config.HEALTH_CHECK_TIMEOUT_MS,
        }),
      ],
      providers: [
        // Read by every service's OperationAccessGuard (bootstrap-service.ts).
        SanctionLookup,
        { provide: AppliedCallsPruner, inject: [getDataSourceToken()], useFactory: (dataSource: DataSource) => new AppliedCallsPruner(dataSource, service) },
        {
          provide: EventQueueMetrics,
          inject: [EventConsumer, REDIS_OPTIONS],
          useFactory: (consumer: EventConsumer, options: RedisOptions) => new EventQueueMetrics(consumer, options, service),
        },
      ],
      // Auth reads the sanctions in force for the admins' user list too.
      exports: [SanctionLookup],
    };
  }
}

/** The migrations of a service with no features of its own yet: its event tables. */
export function platformOnlyMigrations(service: ServiceName): Function[] {
  return [eventTablesMigration(service, 1763769600000)];
}

/** A service with no features of its own yet: the platform alone, with its event tables. */
export function platformOnlyModule(service: ServiceName, config: ServiceEnv, logger: Logger): DynamicModule {
  return ServicePlatformModule.forService({ service, config, logger, migrations: platformOnlyMigrations(service) });
}
