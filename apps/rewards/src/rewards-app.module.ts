import { type DynamicModule, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { RewardsEnv } from '@portal/config';
import { createRpcTransport, RedisStreamsClient, RpcClient } from '@portal/messaging';
import { AccountDirectory, RoleLookup, RoleLookupFromAuth, ServicePlatformModule } from '@portal/platform';
import { CARDS_CONTROLLERS, cardsProviders } from './cards/cards.providers';
import { REWARDS_MIGRATIONS } from './migrations';
import { ACHIEVEMENTS_CONTROLLERS, achievementsProviders } from './achievements/achievements.providers';
import { listenersProviders } from './listeners/listeners.providers';
import { POINTS_CONTROLLERS, pointsProviders } from './points/points.providers';
import { ROULETTE_CONTROLLERS, rouletteProviders } from './roulette/roulette.providers';

const RPC_TRANSPORT = Symbol('RPC_TRANSPORT');

/** Cards, points, ranks, achievements and the roulette (docs/rewards.md). */
@Module({})
export class RewardsAppModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(RPC_TRANSPORT) private readonly transport: RedisStreamsClient) {}

  static forRoot(config: RewardsEnv, logger: Logger): DynamicModule {
    return {
      module: RewardsAppModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'rewards',
          config,
          logger,
          entities: [],
          migrations: REWARDS_MIGRATIONS,
        }),
      ],
      controllers: [...CARDS_CONTROLLERS, ...POINTS_CONTROLLERS, ...ROULETTE_CONTROLLERS, ...ACHIEVEMENTS_CONTROLLERS],
      providers: [
        { provide: RPC_TRANSPORT, useFactory: () => createRpcTransport(config) },
        { provide: RpcClient, inject: [RPC_TRANSPORT], useFactory: (transport: RedisStreamsClient) => new RpcClient(transport, config.RPC_TIMEOUT_MS) },
        { provide: RoleLookup, useClass: RoleLookupFromAuth },
        AccountDirectory,
        ...cardsProviders(config),
        ...pointsProviders(config),
        ...rouletteProviders(config),
        ...achievementsProviders(),
        ...listenersProviders(config),
      ],
    };
  }

  async onApplicationBootstrap() {
    await this.transport.connect();
  }

  async onApplicationShutdown() {
    await this.transport.close();
  }
}
