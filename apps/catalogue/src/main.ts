import 'reflect-metadata';
import { DEFAULT_HEALTH_PORTS } from '@portal/contracts';
import { serviceEnvSchema } from '@portal/config';
import { platformOnlyModule, runService } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('catalogue', serviceEnvSchema(DEFAULT_HEALTH_PORTS.catalogue), (config, logger) => platformOnlyModule('catalogue', config, logger));
