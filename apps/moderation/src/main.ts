import 'reflect-metadata';
import { serviceEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { ModerationAppModule } from './moderation-app.module';

runService('moderation', serviceEnvSchema(3106), ModerationAppModule.forRoot);
