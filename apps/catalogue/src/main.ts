import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { eventTablesMigration } from '@portal/messaging';
import { runService, ServicePlatformModule } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('catalogue', serviceEnvSchema(3102), (config, logger) =>
  ServicePlatformModule.forService({
    service: 'catalogue',
    config,
    logger,
    migrations: [eventTablesMigration('catalogue', 1763769600000)],
  }),
);
