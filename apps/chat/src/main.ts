import 'reflect-metadata';
import { chatEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { ChatAppModule } from './chat-app.module';

runService('chat', chatEnvSchema, (config, logger) => ChatAppModule.forRoot(config, logger));
