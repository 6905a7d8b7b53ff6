import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, selectRows } from '@portal/db';

export const SpinRow = z.object({
  id: z.string(),
  card_title: z.string(),
  rarity: z.string(),
  created_at: z.date(),
});
export type SpinRow = z.output<typeof SpinRow>;

/** The roulette's spins, and the drop odds by rarity read from the card catalogue. */
@Injectable()
export class RouletteRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, spin: { id: string; userId: string; cost: number; grantKey: string; cardTitle: string; rarity: string }): Promise<void> {
    await execute(manager, `INSERT INTO "rewards"."spins" ("id", "user_id", "cost", "grant_key", "card_title", "rarity") VALUES ($1, $2, $3, $4, $5, $6)`, [
      spin.id,
      spin.userId,
      spin.cost,
      spin.grantKey,
      spin.cardTitle,
      spin.rarity,
    ]);
  }

  recent(userId: string, limit: number): Promise<SpinRow[]> {
    return selectRows(
      this.dataSource,
      SpinRow,
      `SELECT "id", "card_title", "rarity", "created_at" FROM "rewards"."spins" WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT $2`,
      [userId, limit],
    );
  }

  /** Each rarity's summed weight among the cards that can drop. */
  weightsByRarity(): Promise<Array<{ rarity: string; weight: number }>> {
    return selectRows(
      this.dataSource,
      z.object({ rarity: z.string(), weight: z.number().int() }),
      `SELECT "rarity", sum("weight")::int AS weight FROM "rewards"."cards" WHERE NOT "retired" GROUP BY "rarity"`,
    );
  }
}
