import 'reflect-metadata';
import { rewardsEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { RewardsAppModule } from './rewards-app.module';

runService('rewards', rewardsEnvSchema, (config, logger) => RewardsAppModule.forRoot(config, logger));
