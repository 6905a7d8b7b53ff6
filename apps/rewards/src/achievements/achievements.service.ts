import { Injectable } from '@nestjs/common';
import type { AchievementItem } from '@portal/contracts';
import { describeAchievement } from './achievement-catalogue';
import { AchievementsRepository } from './achievements.repository';

@Injectable()
export class AchievementsService {
  constructor(private readonly achievements: AchievementsRepository) {}

  async list(userId: string): Promise<AchievementItem[]> {
    const rows = await this.achievements.list(userId);
    return rows.map((row) => ({ key: row.key, kind: row.kind, ...describeAchievement(row.key, row.kind), earnedAt: new Date(row.earned_at).toISOString() }));
  }
}
