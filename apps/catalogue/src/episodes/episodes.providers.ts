import type { Provider } from '@nestjs/common';
import type { CatalogueEnv } from '@portal/config';
import { EpisodesBootLink } from './episodes-boot-link';
import { EpisodesMessageController } from './episodes.message-controller';
import { EpisodesRepository } from './episodes.repository';
import { EPISODES_SETTINGS, episodesSettingsOf } from './episodes.settings';
import { MarkersDetectionService } from './markers/markers-detection.service';
import { EpisodeMarkersQueue } from './markers/markers.queue';
import { EpisodeMarkersWorker } from './markers/markers.worker';
import { EpisodesLinkService } from './services/episodes-link.service';
import { EpisodesQueryService } from './services/episodes-query.service';
import { SampleManifestReader } from './services/sample-manifest.reader';
import { EpisodeMasterService } from './tracks/episode-master.service';
import { EpisodeTrackQueue } from './tracks/episode-track.queue';
import { EpisodeTrackWorker } from './tracks/episode-track.worker';
import { EpisodeTracksBoot } from './tracks/episode-tracks-boot';
import { EpisodeTracksMessageController } from './tracks/episode-tracks.message-controller';
import { EpisodeTracksRepository } from './tracks/episode-tracks.repository';
import { EpisodeTracksService } from './tracks/episode-tracks.service';
import { EpisodeSourcesRepository } from './uploads/episode-sources.repository';
import { EpisodeTranscodeBoot } from './uploads/episode-transcode-boot';
import { EpisodeTranscodeQueue } from './uploads/episode-transcode.queue';
import { EpisodeTranscodeWorker } from './uploads/episode-transcode.worker';
import { EpisodeUploadsMessageController } from './uploads/episode-uploads.message-controller';
import { EpisodeUploadsService } from './uploads/episode-uploads.service';

/** The episodes feature's settings (MEDIA_DIR, VIDEO_PROVIDER*), checked when the module is built. */
export const episodesConfigProvider = (config: CatalogueEnv): Provider[] => [{ provide: EPISODES_SETTINGS, useValue: episodesSettingsOf(config) }];

/** Needs, from the catalogue module: CatalogueCacheInvalidator, CATALOGUE_LOGGER, the platform's DataSource, outbox and REDIS_OPTIONS. */
export const EPISODES_PROVIDERS: Provider[] = [
  EpisodesRepository,
  SampleManifestReader,
  EpisodesLinkService,
  EpisodesQueryService,
  EpisodesBootLink,
  EpisodeSourcesRepository,
  EpisodeTranscodeQueue,
  EpisodeTranscodeWorker,
  EpisodeUploadsService,
  EpisodeTranscodeBoot,
  EpisodeMarkersQueue,
  MarkersDetectionService,
  EpisodeMarkersWorker,
  EpisodeTracksRepository,
  EpisodeMasterService,
  EpisodeTrackQueue,
  EpisodeTrackWorker,
  EpisodeTracksService,
  EpisodeTracksBoot,
];

export const EPISODES_CONTROLLERS = [EpisodesMessageController, EpisodeUploadsMessageController, EpisodeTracksMessageController];
