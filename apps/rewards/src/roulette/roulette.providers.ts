import type { Provider } from '@nestjs/common';
import type { RewardsEnv } from '@portal/config';
import { RouletteMessageController } from './roulette.message-controller';
import { RouletteRepository } from './roulette.repository';
import { RouletteService } from './roulette.service';
import { ROULETTE_SETTINGS, type RouletteSettings } from './roulette-settings';

/** The roulette (docs/rewards.md, «Roulette»), registered by the rewards module. */
export const ROULETTE_CONTROLLERS = [RouletteMessageController];

export const rouletteProviders = (config: RewardsEnv): Provider[] => [
  { provide: ROULETTE_SETTINGS, useValue: { cost: config.REWARDS_SPIN_COST } satisfies RouletteSettings },
  RouletteRepository,
  RouletteService,
];
