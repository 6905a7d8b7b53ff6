import 'reflect-metadata';
import { communityEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { CommunityAppModule } from './community-app.module';

runService('community', communityEnvSchema, (config, logger) => CommunityAppModule.forRoot(config, logger));
