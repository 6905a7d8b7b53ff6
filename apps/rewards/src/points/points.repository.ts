import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { POINT_KINDS } from '@portal/contracts';
import { selectRow, selectRows } from '@portal/db';
import { AccountRow } from './points-ledger';

export const EntryRow = z.object({
  id: z.string(),
  kind: z.enum(POINT_KINDS),
  amount: z.number().int(),
  created_at: z.date(),
});
export type EntryRow = z.output<typeof EntryRow>;

/** Reads of the ledger (the writes are PointsLedger's, in their callers' transactions). */
@Injectable()
export class PointsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async account(userId: string): Promise<{ balance: number; xp: number }> {
    const row = await selectRow(this.dataSource, AccountRow, `SELECT "balance", "xp" FROM "rewards"."point_accounts" WHERE "user_id" = $1`, [userId]);
    return row ? { balance: row.balance, xp: row.xp } : { balance: 0, xp: 0 };
  }

  /** Newest first (to the millisecond the cursor carries), after the cursor's entry; capped credits (amount 0) are not shown. */
  history(userId: string, limit: number, after?: { createdAt: string; id: string }): Promise<EntryRow[]> {
    return selectRows(
      this.dataSource,
      EntryRow,
      `SELECT "id", "kind", "amount", "created_at" FROM "rewards"."point_entries"
       WHERE "user_id" = $1 AND "amount" <> 0 AND ($2::timestamptz IS NULL OR (date_trunc('milliseconds', "created_at"), "id") < ($2::timestamptz, $3::uuid))
       ORDER BY date_trunc('milliseconds', "created_at") DESC, "id" DESC LIMIT $4`,
      [userId, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }
}
