import { z } from 'zod';
import type { ServiceName } from '@portal/contracts';
import { databaseEnvSchema, exitOnConfigError, loadConfig } from '@portal/config';
import { outboxClaimMigration } from '@portal/messaging';
import { appliedCallsMigration, appliedCallsRunMigration, migrate, openDataSource } from '@portal/db';
import { createLogger } from './logger';

/** A service's migrations as the platform runs them: its own, then the transport's applied-calls record and the outbox relay's claim. */
export function serviceMigrations(service: ServiceName, migrations: Function[]): Function[] {
  return [
    ...migrations,
    appliedCallsMigration(service, 1764800000000),
    appliedCallsRunMigration(service, 1764950000000),
    outboxClaimMigration(service, 1768100000000),
  ];
}

const migrateEnvSchema = databaseEnvSchema.pick({ DATABASE_URL: true }).extend({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/**
 * The whole of a service's cli/migrate.ts (the k8s migrations Job, before the replicas start with
 * MIGRATE_ON_BOOT=false): applies the pending migrations under the same advisory lock as a boot, then
 * exits. Needs only DATABASE_URL.
 */
export function runMigrationsCli(service: ServiceName, migrations: Function[]): void {
  const run = async () => {
    const config = loadConfig(migrateEnvSchema);
    const logger = createLogger(`${service}-migrate`, config.LOG_LEVEL);
    // Two connections: migrate() holds one for its advisory lock while the migrations run on the other.
    const dataSource = await openDataSource(
      { url: config.DATABASE_URL, schema: service, entities: [], migrations: serviceMigrations(service, migrations), poolSize: 2 },
      false,
    );
    try {
      const applied = await migrate(dataSource, service);
      logger.info({ applied }, applied.length > 0 ? `${service}: ${applied.length} migration(s) applied` : `${service}: schema up to date`);
    } finally {
      await dataSource.destroy();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      try {
        exitOnConfigError(error, `${service}-migrate`);
      } catch {
        process.stderr.write(`[${service}-migrate] ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      }
    },
  );
}
