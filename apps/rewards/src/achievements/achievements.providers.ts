import type { Provider } from '@nestjs/common';
import { AchievementsMessageController } from './achievements.message-controller';
import { AchievementsRepository } from './achievements.repository';
import { AchievementsService } from './achievements.service';

/** Achievements (docs/rewards.md, «Achievements»), registered by the rewards module. */
export const ACHIEVEMENTS_CONTROLLERS = [AchievementsMessageController];

export const achievementsProviders = (): Provider[] => [AchievementsRepository, AchievementsService];
