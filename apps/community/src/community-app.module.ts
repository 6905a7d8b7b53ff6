import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CommunityEnv } from '@portal/config';
import { AccountDirectory, ServicePlatformModule, ServiceRpcModule } from '@portal/platform';
import { AdminActionPublisher } from './admin-actions/admin-action.publisher';
import { AMV_CONTROLLERS, amvProviders } from './amv/amv.providers';
import { AnimeRefsBroadcast } from './anime-refs/anime-refs-broadcast';
import { AnimeRefsRepository } from './anime-refs/anime-refs.repository';
import { AnimeRefsService } from './anime-refs/anime-refs.service';
import { CatalogueAnimeUpdatedListener } from './anime-refs/listeners/anime-updated.listener';
import { ACCOUNTS_PROVIDERS } from './accounts/accounts.providers';
import { COMMENTS_CONTROLLERS, commentsProviders } from './comments/comments.providers';
import { COMMUNITY_LOGGER } from './community.tokens';
import { LibraryMessageController } from './library/library.message-controller';
import { ListEntriesRepository } from './library/list-entries.repository';
import { LibraryService } from './library/services/library.service';
import { ListFilesService } from './library/services/list-files.service';
import { COMMUNITY_MIGRATIONS } from './migrations';
import { NotificationsModule } from './notifications/notifications.module';
import { PROFILE_ACTIVITY_CONTROLLERS, PROFILE_ACTIVITY_PROVIDERS } from './profile-activity/profile-activity.providers';
import { ProgressMessageController } from './progress/progress.message-controller';
import { ProgressRepository } from './progress/progress.repository';
import { PROGRESS_BATCHING, ProgressWriter } from './progress/services/progress-writer';
import { ProgressService } from './progress/services/progress.service';
import { TrackChoicesMessageController } from './track-choices/track-choices.message-controller';
import { TrackChoicesRepository } from './track-choices/track-choices.repository';
import { TrackChoicesService } from './track-choices/track-choices.service';
import { NEWS_CONTROLLERS, NEWS_PROVIDERS } from './news/news.providers';
import { ORDERS_CONTROLLERS, ORDERS_PROVIDERS } from './orders/orders.providers';
import { RANKINGS_CONTROLLERS, rankingsProviders } from './rankings/rankings.providers';
import { QUIZZES_CONTROLLERS, quizzesProviders } from './quizzes/quizzes.providers';
import { REVIEWS_CONTROLLERS, REVIEWS_PROVIDERS } from './reviews/reviews.providers';
import { MODERATION_PROVIDERS } from './moderation/moderation.providers';

@Module({})
export class CommunityAppModule {
  static forRoot(config: CommunityEnv, logger: Logger): DynamicModule {
    return {
      module: CommunityAppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'community', config, logger, migrations: COMMUNITY_MIGRATIONS }),
        ServiceRpcModule.forService(config),
        NotificationsModule,
      ],
      controllers: [
        LibraryMessageController,
        ProgressMessageController,
        TrackChoicesMessageController,
        ...COMMENTS_CONTROLLERS,
        ...REVIEWS_CONTROLLERS,
        ...NEWS_CONTROLLERS,
        ...PROFILE_ACTIVITY_CONTROLLERS,
        ...AMV_CONTROLLERS,
        ...ORDERS_CONTROLLERS,
        ...QUIZZES_CONTROLLERS,
        ...RANKINGS_CONTROLLERS,
      ],
      providers: [
        { provide: COMMUNITY_LOGGER, useValue: logger },
        { provide: PROGRESS_BATCHING, useValue: { windowMs: config.PROGRESS_BATCH_WINDOW_MS, maxRows: config.PROGRESS_BATCH_MAX } },
        AccountDirectory,
        AdminActionPublisher,
        AnimeRefsRepository,
        AnimeRefsBroadcast,
        AnimeRefsService,
        CatalogueAnimeUpdatedListener,
        ListEntriesRepository,
        LibraryService,
        ListFilesService,
        ProgressRepository,
        ProgressWriter,
        ProgressService,
        TrackChoicesRepository,
        TrackChoicesService,
        ...ACCOUNTS_PROVIDERS,
        ...commentsProviders(config),
        ...REVIEWS_PROVIDERS,
        ...NEWS_PROVIDERS,
        ...PROFILE_ACTIVITY_PROVIDERS,
        ...amvProviders(config),
        ...ORDERS_PROVIDERS,
        ...rankingsProviders(config),
        ...quizzesProviders(config),
        ...MODERATION_PROVIDERS,
      ],
    };
  }
}
