import 'reflect-metadata';
import { authEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { AuthAppModule } from './auth-app.module';

runService('auth', authEnvSchema, (config, logger) => AuthAppModule.forRoot(config, logger));
