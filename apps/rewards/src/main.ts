import 'reflect-metadata';
import { DEFAULT_HEALTH_PORTS } from '@portal/contracts';
import { serviceEnvSchema } from '@portal/config';
import { platformOnlyModule, runService } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('rewards', serviceEnvSchema(DEFAULT_HEALTH_PORTS.rewards), (config, logger) => platformOnlyModule('rewards', config, logger));
