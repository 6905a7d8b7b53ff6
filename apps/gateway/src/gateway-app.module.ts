import { type DynamicModule, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { jwtSecretKey, MeteredRpcClient } from '@portal/platform';
import type { GatewayEnv } from '@portal/config';
import type Redis from 'ioredis';
import { createRedisClient, createRpcTransport, REDIS, RedisModule, RedisStreamsClient, RpcClient } from '@portal/messaging';
import { ActiveUsersInterceptor } from './admin/active-users.interceptor';
import { ActiveUsersTracker } from './admin/active-users.tracker';
import { AccessGuard } from './auth/access.guard';
import { AuthController, TelegramController } from './auth/auth.controller';
import { VkAuthController } from './auth/vk-auth.controller';
import { AnimeController } from './catalogue/anime.controller';
import { CatalogueResponseCache } from './catalogue/catalogue-response-cache';
import { PosterProxy } from './catalogue/posters/poster-proxy';
import { CollectionsController } from './catalogue/collections.controller';
import { ChatController } from './chat/chat.controller';
import { createAmvController } from './community/amv.controller';
import { COMMUNITY_CONTROLLERS } from './community/community.controllers';
import { NewsController } from './community/news.controller';
import { OperationsController } from './operations/operations.controller';
import { SanctionLookup } from '@portal/messaging';
import { QuizzesController } from './community/quizzes.controller';
import { HealthController } from './health/health.controller';
import { ChatGateway } from './realtime/chat.gateway';
import { CommentsGateway } from './realtime/comments.gateway';
import { GeneralGateway } from './realtime/general.gateway';
import { NotificationsGateway } from './realtime/notifications.gateway';
import { RankingsController } from './community/rankings.controller';
import { PresenceReporter } from './realtime/presence-reporter';
import { EdgeValidationPipe } from './http/edge-validation.pipe';
import { createEpisodeTracksController } from './media/episode-tracks';
import { WatchPartyGateway } from './realtime/watch-party/watch-party.gateway';
import { FileStorage, LocalDiskStorage } from './uploads/file-storage';
import { AvatarLookup } from './users/avatar-lookup';
import { createProfileMediaController } from './users/profile-media.controller';
import { createCardsController } from './rewards/cards.controller';
import { CardRewards } from './rewards/card-rewards';

const TRANSPORT = Symbol('TRANSPORT');

@Module({})
export class GatewayAppModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(TRANSPORT) private readonly transport: RedisStreamsClient,
    private readonly catalogueCache: CatalogueResponseCache,
  ) {}

  static forRoot(config: GatewayEnv): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [
        RedisModule.forRoot({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }),
        JwtModule.register({ secret: jwtSecretKey(config.JWT_SECRET) }),
      ],
      controllers: [
        HealthController,
        AuthController,
        TelegramController,
        VkAuthController,
        createProfileMediaController(config),
        AnimeController,
        CollectionsController,
        ChatController,
        ...COMMUNITY_CONTROLLERS,
        createAmvController(config),
        createEpisodeTracksController(config),
        QuizzesController,
        NewsController,
        OperationsController,
        RankingsController,
        createCardsController(config),
      ],
      providers: [
        { provide: TRANSPORT, useFactory: () => createRpcTransport(config) },
        { provide: RpcClient, inject: [TRANSPORT], useFactory: (transport: RedisStreamsClient) => new MeteredRpcClient(transport, config.RPC_TIMEOUT_MS) },
        AccessGuard,
        // Also a provider of its own: the resumable episode upload, which is no Nest route, checks access with it.
        { provide: APP_GUARD, useExisting: AccessGuard },
        { provide: APP_PIPE, useClass: EdgeValidationPipe },
        SanctionLookup,
        ActiveUsersTracker,
        { provide: APP_INTERCEPTOR, useClass: ActiveUsersInterceptor },
        { provide: FileStorage, useValue: new LocalDiskStorage(config.UPLOADS_DIR) },
        {
          provide: PosterProxy,
          inject: [FileStorage],
          useFactory: (storage: FileStorage) => new PosterProxy(storage, { origins: config.POSTER_SOURCE_ORIGINS, timeoutMs: config.POSTER_FETCH_TIMEOUT_MS }),
        },
        PresenceReporter,
        AvatarLookup,
        CardRewards,
        GeneralGateway,
        ChatGateway,
        CommentsGateway,
        NotificationsGateway,
        WatchPartyGateway,
        {
          provide: CatalogueResponseCache,
          inject: [REDIS],
          useFactory: (redis: Redis) =>
            new CatalogueResponseCache(
              redis,
              // A subscriber connection cannot answer the ready check (INFO) when it reconnects.
              createRedisClient(config.REDIS_URL, { enableReadyCheck: false }),
              config.REDIS_KEY_PREFIX,
              config.CATALOGUE_CACHE_TTL_SECONDS,
            ),
        },
      ],
    };
  }

  async onApplicationBootstrap() {
    await this.transport.connect();
    await this.catalogueCache.start();
  }

  async onApplicationShutdown() {
    await this.transport.close();
    await this.catalogueCache.stop();
  }
}
