import type { Provider } from '@nestjs/common';
import { StatsEventsListener } from './listeners/stats-events.listener';
import { QueueDepthsReader } from './services/queue-depths.reader';
import { SiteStatsService } from './services/site-stats.service';
import { StatsMessageController } from './stats.message-controller';
import { StatsRepository } from './stats.repository';

/** The site statistics, registered by the moderation module; StatsRepository is also used by reports and the audit log's listener. */
export const STATS_CONTROLLERS = [StatsMessageController];
export const STATS_PROVIDERS: Provider[] = [StatsRepository, StatsEventsListener, QueueDepthsReader, SiteStatsService];
