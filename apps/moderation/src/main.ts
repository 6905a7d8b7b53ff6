import 'reflect-metadata';
import { moderationEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { ModerationAppModule } from './moderation-app.module';

runService('moderation', moderationEnvSchema, (config, logger) => ModerationAppModule.forRoot(config, logger));
