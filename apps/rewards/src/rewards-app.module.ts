import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { RewardsEnv } from '@portal/config';
import { AccountDirectory, RoleLookup, RoleLookupFromAuth, ServicePlatformModule, ServiceRpcModule } from '@portal/platform';
import { CARDS_CONTROLLERS, cardsProviders } from './cards/cards.providers';
import { REWARDS_MIGRATIONS } from './migrations';
import { ACHIEVEMENTS_CONTROLLERS, achievementsProviders } from './achievements/achievements.providers';
import { listenersProviders } from './listeners/listeners.providers';
import { POINTS_CONTROLLERS, pointsProviders } from './points/points.providers';
import { ROULETTE_CONTROLLERS, rouletteProviders } from './roulette/roulette.providers';

/** Cards, points, ranks, achievements and the roulette (docs/rewards.md). */
@Module({})
export class RewardsAppModule {
  static forRoot(config: RewardsEnv, logger: Logger): DynamicModule {
    return {
      module: RewardsAppModule,
      imports: [ServicePlatformModule.forService({ service: 'rewards', config, logger, migrations: REWARDS_MIGRATIONS }), ServiceRpcModule.forService(config)],
      controllers: [...CARDS_CONTROLLERS, ...POINTS_CONTROLLERS, ...ROULETTE_CONTROLLERS, ...ACHIEVEMENTS_CONTROLLERS],
      providers: [
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
}
