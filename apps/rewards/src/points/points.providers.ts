import type { Provider } from '@nestjs/common';
import type { RewardsEnv } from '@portal/config';
import { PointsLedger } from './points-ledger';
import { POINTS_SETTINGS, pointsSettings } from './points-settings';
import { PointsMessageController } from './points.message-controller';
import { PointsRepository } from './points.repository';
import { PointsService } from './points.service';

/** The points ledger and the balance with its history (docs/rewards.md, «Points and ranks»), registered by the rewards module. */
export const POINTS_CONTROLLERS = [PointsMessageController];

export const pointsProviders = (config: RewardsEnv): Provider[] => [
  { provide: POINTS_SETTINGS, useValue: pointsSettings(config.REWARDS_EPISODES_DAILY_CAP) },
  PointsLedger,
  PointsRepository,
  PointsService,
];
