import 'reflect-metadata';
import { DEFAULT_HEALTH_PORTS } from '@portal/contracts';
import { serviceEnvSchema } from '@portal/config';
import { platformOnlyModule, runService } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('community', serviceEnvSchema(DEFAULT_HEALTH_PORTS.community), (config, logger) => platformOnlyModule('community', config, logger));
