import 'reflect-metadata';
import { catalogueEnvSchema } from '@portal/config';
import { runService } from '@portal/platform';
import { CatalogueAppModule } from './catalogue-app.module';

runService('catalogue', catalogueEnvSchema, (config, logger) => CatalogueAppModule.forRoot(config, logger));
