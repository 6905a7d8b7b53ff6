import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { platformOnlyModule, runService } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('catalogue', serviceEnvSchema(3102), (config, logger) => platformOnlyModule('catalogue', config, logger));
