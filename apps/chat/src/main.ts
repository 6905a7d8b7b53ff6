import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { platformOnlyModule, runService } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('chat', serviceEnvSchema(3104), (config, logger) => platformOnlyModule('chat', config, logger));
