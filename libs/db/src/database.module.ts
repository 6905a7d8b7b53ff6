import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, openDataSource, type ServiceDatabaseOptions } from './data-source';

/** The service's TypeORM connection to its own schema, migrated at boot unless told otherwise. */
@Module({})
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions & { migrateOnBoot: boolean }): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(options),
          dataSourceFactory: async () => openDataSource(options, options.migrateOnBoot),
        }),
      ],
    };
  }
}

export function isUniqueViolation(error: unknown): error is { constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export function uniqueViolationConstraint(error: unknown): string | undefined {
  const driverError = (error as { driverError?: { constraint?: string }; constraint?: string }) ?? {};
  return driverError.driverError?.constraint ?? driverError.constraint;
}
