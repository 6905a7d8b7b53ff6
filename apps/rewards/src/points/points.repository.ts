import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PointKind } from '@portal/contracts';

export interface EntryRow {
  id: string;
  kind: PointKind;
  amount: number;
  created_at: Date;
}

/** Reads of the ledger (the writes are PointsLedger's, in their callers' transactions). */
@Injectable()
export class PointsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async account(userId: string): Promise<{ balance: number; xp: number }> {
    const [row] = await this.dataSource.query<Array<{ balance: number; xp: number }>>(`SELECT "balance", "xp" FROM "rewards"."point_accounts" WHERE "user_id" = $1`, [userId]);
    return row ? { balance: Number(row.balance), xp: Number(row.xp) } : { balance: 0, xp: 0 };
  }

  /** Newest first (to the millisecond the cursor carries), after the cursor's entry; capped credits (amount 0) are not shown. */
  history(userId: string, limit: number, after?: { createdAt: string; id: string }): Promise<EntryRow[]> {
    return this.dataSource.query(
      `SELECT "id", "kind", "amount", "created_at" FROM "rewards"."point_entries"
       WHERE "user_id" = $1 AND "amount" <> 0 AND ($2::timestamptz IS NULL OR (date_trunc('milliseconds', "created_at"), "id") < ($2::timestamptz, $3::uuid))
       ORDER BY date_trunc('milliseconds', "created_at") DESC, "id" DESC LIMIT $4`,
      [userId, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }
}
