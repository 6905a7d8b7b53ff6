import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AchievementKind } from '@portal/contracts';

export interface AchievementRow {
  key: string;
  kind: AchievementKind;
  earned_at: Date;
}

/** Achievements, once per user and key (docs/rewards.md, «Achievements»). */
@Injectable()
export class AchievementsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** True when granted now, false when the user had it. */
  async grant(manager: EntityManager, userId: string, key: string, kind: AchievementKind): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO "rewards"."achievements" ("user_id", "key", "kind") VALUES ($1, $2, $3) ON CONFLICT ("user_id", "key") DO NOTHING RETURNING "key"`,
      [userId, key, kind],
    );
    return rows.length > 0;
  }

  list(userId: string): Promise<AchievementRow[]> {
    return this.dataSource.query(`SELECT "key", "kind", "earned_at" FROM "rewards"."achievements" WHERE "user_id" = $1 ORDER BY "earned_at" DESC, "key"`, [userId]);
  }
}
