import type { Provider } from '@nestjs/common';
import type { CatalogueEnv } from '@portal/config';
import { MetadataQueue } from './jobs/metadata.queue';
import { MetadataWorker } from './jobs/metadata.worker';
import { MetadataMessageController } from './metadata.message-controller';
import { MetadataRepository } from './metadata.repository';
import { METADATA_SETTINGS, type MetadataSettings } from './metadata.settings';
import { AnimeBackgroundService } from './services/anime-background.service';
import { MetadataSyncService } from './services/metadata-sync.service';
import { MetadataWrites } from './services/metadata-writes';
import { TitleSyncService } from './services/title-sync.service';
import { ShikimoriClient } from './shikimori/shikimori.client';
import { ShikimoriRateLimiter } from './shikimori/shikimori-rate-limiter';

/** First retry of a failed sync after 1 s, then 2, 4, 8... */
const BACKOFF_MS = 1000;

/** The metadata sync's settings, from the catalogue's validated environment. */
export function metadataConfigProvider(config: CatalogueEnv): Provider[] {
  const settings: MetadataSettings = {
    shikimoriUrl: config.SHIKIMORI_URL,
    userAgent: config.SHIKIMORI_USER_AGENT,
    requestsPerSecond: config.SHIKIMORI_RPS,
    requestsPerMinute: config.SHIKIMORI_RPM,
    timeoutMs: config.SHIKIMORI_TIMEOUT_MS,
    jobAttempts: config.METADATA_JOB_ATTEMPTS,
    backoffMs: BACKOFF_MS,
  };
  return [{ provide: METADATA_SETTINGS, useValue: settings }];
}

/**
 * Needs, from the catalogue module: AnimeRepository, CatalogueCacheInvalidator, CATALOGUE_LOGGER, and
 * the platform's DataSource, REDIS, REDIS_OPTIONS and OutboxPublisher.
 */
export const METADATA_PROVIDERS: Provider[] = [
  ShikimoriRateLimiter,
  ShikimoriClient,
  MetadataRepository,
  MetadataWrites,
  MetadataQueue,
  TitleSyncService,
  AnimeBackgroundService,
  MetadataSyncService,
  MetadataWorker,
];

export const METADATA_CONTROLLERS = [MetadataMessageController];
