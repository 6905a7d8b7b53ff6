import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { ACHIEVEMENT_KINDS, type AchievementKind } from '@portal/contracts';
import { selectRows } from '@portal/db';

export const AchievementRow = z.object({
  key: z.string(),
  kind: z.enum(ACHIEVEMENT_KINDS),
  earned_at: z.date(),
});
export type AchievementRow = z.output<typeof AchievementRow>;

/** Achievements, once per user and key (docs/rewards.md, «Achievements»). */
@Injectable()
export class AchievementsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** True when granted now, false when the user had it. */
  async grant(manager: EntityManager, userId: string, key: string, kind: AchievementKind): Promise<boolean> {
    const rows = await selectRows(
      manager,
      z.object({ key: z.string() }),
      `INSERT INTO "rewards"."achievements" ("user_id", "key", "kind") VALUES ($1, $2, $3) ON CONFLICT ("user_id", "key") DO NOTHING RETURNING "key"`,
      [userId, key, kind],
    );
    return rows.length > 0;
  }

  list(userId: string): Promise<AchievementRow[]> {
    return selectRows(
      this.dataSource,
      AchievementRow,
      `SELECT "key", "kind", "earned_at" FROM "rewards"."achievements" WHERE "user_id" = $1 ORDER BY "earned_at" DESC, "key"`,
      [userId],
    );
  }
}
