import { type DynamicModule, Module } from '@nestjs/common';
import { resolve } from 'node:path';
import { types } from 'pg';
import type { Logger } from 'pino';
import type { CatalogueEnv } from '@portal/config';
import { RoleLookup, RoleLookupFromAuth, ServicePlatformModule, ServiceRpcModule } from '@portal/platform';
import { AnimeMessageController } from './anime/anime.message-controller';
import { AnimeRepository } from './anime/anime.repository';
import { AnimeAdminService } from './anime/services/anime-admin.service';
import { AnimePosterService } from './anime/services/anime-poster.service';
import { AnimeQueryService } from './anime/services/anime-query.service';
import { AnimeUpdatedListener } from './cache/anime-updated.listener';
import { CatalogueCacheInvalidator } from './cache/catalogue-cache-invalidator';
import { CATALOGUE_CONFIG, CATALOGUE_LOGGER } from './catalogue.tokens';
import { CollectionsMessageController } from './collections/collections.message-controller';
import { CollectionsRepository } from './collections/collections.repository';
import { CollectionsService } from './collections/collections.service';
import { EPISODES_CONTROLLERS, EPISODES_PROVIDERS, episodesConfigProvider } from './episodes/episodes.providers';
import { AnimeImportRepository } from './import/anime-import.repository';
import { CatalogueBootImport } from './import/catalogue-boot-import';
import { CATALOGUE_SOURCES, CatalogueImporter } from './import/catalogue-importer.service';
import { METADATA_CONTROLLERS, METADATA_PROVIDERS, metadataConfigProvider } from './metadata/metadata.providers';
import { CATALOGUE_MIGRATIONS } from './migrations';
import { PeopleMessageController } from './people/people.message-controller';
import { PeopleRepository } from './people/people.repository';
import { PeopleService } from './people/people.service';
import { SearchMessageController } from './search/search.message-controller';
import { SearchRepository } from './search/search.repository';
import { SearchService } from './search/search.service';
import { STATS_PROVIDERS } from './stats/stats.providers';

// Calendar dates stay "YYYY-MM-DD" strings: turning them into local-midnight Dates shifts them by a day.
const DATE_OID = 1082;
types.setTypeParser(DATE_OID, (value) => value);

@Module({})
export class CatalogueAppModule {
  static forRoot(config: CatalogueEnv, logger: Logger): DynamicModule {
    return {
      module: CatalogueAppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'catalogue', config, logger, migrations: CATALOGUE_MIGRATIONS }),
        ServiceRpcModule.forService(config),
      ],
      controllers: [
        AnimeMessageController,
        SearchMessageController,
        PeopleMessageController,
        CollectionsMessageController,
        ...METADATA_CONTROLLERS,
        ...EPISODES_CONTROLLERS,
      ],
      providers: [
        // The admins' operations ask auth for the caller's role (OperationAccessGuard).
        { provide: RoleLookup, useClass: RoleLookupFromAuth },
        { provide: CATALOGUE_CONFIG, useValue: config },
        { provide: CATALOGUE_LOGGER, useValue: logger },
        {
          provide: CATALOGUE_SOURCES,
          useValue: { dataDir: resolve(config.CATALOGUE_DATA_DIR), russianTitles: config.CATALOGUE_RUSSIAN_TITLES === 'on' },
        },
        AnimeRepository,
        AnimeQueryService,
        AnimeAdminService,
        AnimePosterService,
        SearchRepository,
        SearchService,
        PeopleRepository,
        PeopleService,
        CollectionsRepository,
        CollectionsService,
        CatalogueCacheInvalidator,
        AnimeUpdatedListener,
        AnimeImportRepository,
        CatalogueImporter,
        CatalogueBootImport,
        ...metadataConfigProvider(config),
        ...METADATA_PROVIDERS,
        ...STATS_PROVIDERS,
        ...episodesConfigProvider(config),
        ...EPISODES_PROVIDERS,
      ],
    };
  }
}
