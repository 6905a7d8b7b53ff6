import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { eventTablesMigration } from '@portal/messaging';
import { runService, ServicePlatformModule } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('community', serviceEnvSchema(3103), (config, logger) =>
  ServicePlatformModule.forService({
    service: 'community',
    config,
    logger,
    migrations: [eventTablesMigration('community', 1763769600000)],
  }),
);
