import type { Provider } from '@nestjs/common';
import type { CatalogueEnv } from '@portal/config';
import { EpisodesBootLink } from './episodes-boot-link';
import { EpisodesMessageController } from './episodes.message-controller';
import { EpisodesRepository } from './episodes.repository';
import { EPISODES_SETTINGS, episodesSettingsOf } from './episodes.settings';
import { EpisodesLinkService } from './services/episodes-link.service';
import { EpisodesQueryService } from './services/episodes-query.service';
import { SampleManifestReader } from './services/sample-manifest.reader';

/** The episodes feature's settings (MEDIA_DIR, VIDEO_PROVIDER*), checked when the module is built. */
export const episodesConfigProvider = (config: CatalogueEnv): Provider[] => [{ provide: EPISODES_SETTINGS, useValue: episodesSettingsOf(config) }];

/** Needs, from the catalogue module: CatalogueCacheInvalidator, CATALOGUE_LOGGER and the platform's DataSource. */
export const EPISODES_PROVIDERS: Provider[] = [EpisodesRepository, SampleManifestReader, EpisodesLinkService, EpisodesQueryService, EpisodesBootLink];

export const EPISODES_CONTROLLERS = [EpisodesMessageController];
