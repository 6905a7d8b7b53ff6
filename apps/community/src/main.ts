import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { platformOnlyModule, runService } from '@portal/platform';

// Boots and answers health checks; its features arrive with their own issues.
runService('community', serviceEnvSchema(3103), (config, logger) => platformOnlyModule('community', config, logger));
