import type { Provider } from '@nestjs/common';
import type { RewardsEnv } from '@portal/config';
import { PointsLedger } from './points-ledger';
import { POINTS_SETTINGS, pointsSettings } from './points-settings';

/** The points ledger (docs/rewards.md, «Points and ranks»), registered by the rewards module. */
export const pointsProviders = (config: RewardsEnv): Provider[] => [
  { provide: POINTS_SETTINGS, useValue: pointsSettings(config.REWARDS_EPISODES_DAILY_CAP) },
  PointsLedger,
];
