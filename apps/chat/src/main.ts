import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { eventTablesMigration } from '@portal/messaging';
import { runService, ServicePlatformModule } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('chat', serviceEnvSchema(3104), (config, logger) =>
  ServicePlatformModule.forService({
    service: 'chat',
    config,
    logger,
    migrations: [eventTablesMigration('chat', 1763769600000)],
  }),
);
