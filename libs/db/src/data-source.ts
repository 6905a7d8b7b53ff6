import { DataSource, type DataSourceOptions, type EntitySubscriberInterface, type MixedList } from 'typeorm';
import { installTransactionScope } from './transaction-scope';
import { execute } from './typed-query';

export interface ServiceDatabaseOptions {
  url: string;
  /** The service's own schema: service boundaries are data boundaries. */
  schema: string;
  entities: MixedList<Function>;
  migrations: MixedList<Function>;
  poolSize?: number;
  /** Subscribers made by the caller (TypeORM's own option takes classes it builds without arguments). */
  subscribers?: EntitySubscriberInterface[];
}

export function dataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    extra: { max: options.poolSize ?? 10, application_name: `portal-${options.schema}` },
  };
}

/**
 * Creates the schema and applies pending migrations. An advisory lock keeps replicas that boot
 * together from migrating at once.
 */
export async function migrate(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await execute(runner, 'SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await execute(runner, `CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await execute(runner, 'SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

export async function openDataSource(options: ServiceDatabaseOptions, runMigrations: boolean): Promise<DataSource> {
  // Marks code inside a transaction for assertNoOpenTransaction (installed when the module loads; once).
  installTransactionScope();
  const dataSource = new DataSource(dataSourceOptions(options));
  await dataSource.initialize();
  dataSource.subscribers.push(...(options.subscribers ?? []));
  if (runMigrations) await migrate(dataSource, options.schema);
  return dataSource;
}
