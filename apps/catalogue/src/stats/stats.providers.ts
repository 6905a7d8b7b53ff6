import { AnimeStatsRepository } from './anime-stats.repository';
import { AnimeStatsService } from './anime-stats.service';
import { CommunityEventsListener } from './listeners/community-events.listener';

/** The list statistics read model, registered by the catalogue module in one line each. */
export const STATS_PROVIDERS = [AnimeStatsRepository, AnimeStatsService, CommunityEventsListener];
