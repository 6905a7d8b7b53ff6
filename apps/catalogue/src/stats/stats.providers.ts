import { AnimeStatsRepository } from './anime-stats.repository';
import { AnimeStatsService } from './anime-stats.service';
import { CommunityEventsListener } from './listeners/community-events.listener';
import { CreateListStats1764115200000 } from './migrations/1764115200000-create-list-stats';

/** The list statistics read model, registered by the catalogue module in one line each. */
export const STATS_PROVIDERS = [AnimeStatsRepository, AnimeStatsService, CommunityEventsListener];
export const STATS_MIGRATIONS = [CreateListStats1764115200000];
