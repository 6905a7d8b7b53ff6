import { CreateEpisodes1764806400000 } from '../episodes/migrations/1764806400000-create-episodes';
import { CreateDatasetImports1764900000000 } from '../import/migrations/1764900000000-create-dataset-imports';
import { CreateEpisodeSources1796900000000 } from '../episodes/migrations/1796900000000-create-episode-sources';
import { AddMarkersOrigin1796900000001 } from '../episodes/migrations/1796900000001-add-markers-origin';
import { CreateReleaseTeamsAndTracks1797000000000 } from '../episodes/migrations/1797000000000-create-release-teams-and-tracks';
import { AddEpisodeThumbnails1797000000001 } from '../episodes/migrations/1797000000001-add-episode-thumbnails';
import { CreateListStats1764115200000 } from '../stats/migrations/1764115200000-create-list-stats';
import { CreateCatalogue1763856000000 } from './1763856000000-create-catalogue';

/** Every migration of the catalogue schema, in order: the service at boot and its cli/migrate run these. */
export const CATALOGUE_MIGRATIONS: Function[] = [
  CreateCatalogue1763856000000,
  CreateListStats1764115200000,
  CreateEpisodes1764806400000,
  CreateDatasetImports1764900000000,
  CreateEpisodeSources1796900000000,
  AddMarkersOrigin1796900000001,
  CreateReleaseTeamsAndTracks1797000000000,
  AddEpisodeThumbnails1797000000001,
];
