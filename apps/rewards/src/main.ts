import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { eventTablesMigration } from '@portal/messaging';
import { runService, ServicePlatformModule } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('rewards', serviceEnvSchema(3105), (config, logger) =>
  ServicePlatformModule.forService({
    service: 'rewards',
    config,
    logger,
    migrations: [eventTablesMigration('rewards', 1763769600000)],
  }),
);
