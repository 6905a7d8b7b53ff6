import 'reflect-metadata';
import { DEFAULT_HEALTH_PORTS } from '@portal/contracts';
import { serviceEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { ModerationAppModule } from './moderation-app.module';

runService('moderation', serviceEnvSchema(DEFAULT_HEALTH_PORTS.moderation), ModerationAppModule.forRoot);
