import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { platformOnlyModule, runService } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('rewards', serviceEnvSchema(3105), (config, logger) => platformOnlyModule('rewards', config, logger));
