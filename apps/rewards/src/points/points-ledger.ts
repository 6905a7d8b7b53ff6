import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type PointKind, rankForXp } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { POINTS_SETTINGS, type PointsSettings } from './points-settings';

export interface PointsEarning {
  userId: string;
  kind: PointKind;
  /** Idempotency key: a key credited (or capped) once is never credited again. */
  key: string;
  /** Overrides the kind's default amount (a duplicate card's points by rarity). */
  amount?: number;
}

export interface AccountRow {
  balance: number;
  xp: number;
}

// UPDATE … RETURNING is wrapped in a CTE: TypeORM answers a bare UPDATE with [rows, count], a SELECT with rows.

/**
 * The points ledger (docs/rewards.md, «Points and ranks»): every credit and debit is an entry with a
 * unique key, written in the caller's transaction together with the account's balance (spendable)
 * and XP (only grows; the rank is the RANK_LADDER step it reaches). The account row is locked first,
 * so one user's concurrent credits queue and the daily caps hold.
 */
@Injectable()
export class PointsLedger {
  constructor(
    @Inject(POINTS_SETTINGS) private readonly settings: PointsSettings,
    private readonly outbox: OutboxPublisher,
  ) {}

  /**
   * Credits once per key, at most the kind's daily cap (UTC day); returns the points credited
   * (0 when the key was seen or the cap reached). A rank step crossed publishes `rewards.rank.changed`.
   */
  async earn(manager: EntityManager, entry: PointsEarning): Promise<number> {
    const wanted = Math.max(0, Math.trunc(entry.amount ?? this.settings.amounts[entry.kind]));
    const account = await this.lock(manager, entry.userId);
    const cap = this.settings.dailyCaps[entry.kind];
    let amount = wanted;
    if (cap !== undefined && amount > 0) {
      const [{ earned }] = await manager.query<Array<{ earned: number }>>(
        `SELECT coalesce(sum("amount"), 0)::int AS earned FROM "rewards"."point_entries"
         WHERE "user_id" = $1 AND "kind" = $2 AND "created_at" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
        [entry.userId, entry.kind],
      );
      amount = Math.max(0, Math.min(amount, cap - Number(earned)));
    }
    // The key is kept even when capped: a redelivery on another day credits nothing either.
    const inserted = await manager.query<Array<{ id: string }>>(
      `INSERT INTO "rewards"."point_entries" ("user_id", "kind", "amount", "key") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("key") DO NOTHING RETURNING "id"`,
      [entry.userId, entry.kind, amount, entry.key],
    );
    if (inserted.length === 0 || amount === 0) return 0;
    const [updated] = await manager.query<AccountRow[]>(
      `WITH updated AS (
         UPDATE "rewards"."point_accounts" SET "balance" = "balance" + $2, "xp" = "xp" + $2, "updated_at" = now()
         WHERE "user_id" = $1 RETURNING "balance", "xp"
       ) SELECT * FROM updated`,
      [entry.userId, amount],
    );
    const before = rankForXp(Number(account.xp));
    const after = rankForXp(Number(updated.xp));
    if (after.level !== before.level) {
      await this.outbox.publish(manager, 'rewards.rank.changed', { userId: entry.userId, rank: after.name, previousRank: before.name, xp: Number(updated.xp) });
    }
    return amount;
  }

  /**
   * Debits `cost` when the balance holds it, in one conditional statement (concurrent spends of one
   * account queue on its row and never overdraw); null when it does not. XP is not touched.
   */
  async spend(manager: EntityManager, entry: { userId: string; kind: PointKind; key: string; cost: number }): Promise<number | null> {
    await this.ensure(manager, entry.userId);
    const [row] = await manager.query<Array<{ balance: number }>>(
      `WITH debited AS (
         UPDATE "rewards"."point_accounts" SET "balance" = "balance" - $2, "updated_at" = now()
         WHERE "user_id" = $1 AND "balance" >= $2 RETURNING "balance"
       ) SELECT * FROM debited`,
      [entry.userId, entry.cost],
    );
    if (!row) return null;
    await manager.query(`INSERT INTO "rewards"."point_entries" ("user_id", "kind", "amount", "key") VALUES ($1, $2, $3, $4)`, [
      entry.userId,
      entry.kind,
      -entry.cost,
      entry.key,
    ]);
    return Number(row.balance);
  }

  /** The account (zeros when it has none yet). */
  async account(manager: EntityManager, userId: string): Promise<AccountRow> {
    const [row] = await manager.query<AccountRow[]>(`SELECT "balance", "xp" FROM "rewards"."point_accounts" WHERE "user_id" = $1`, [userId]);
    return row ? { balance: Number(row.balance), xp: Number(row.xp) } : { balance: 0, xp: 0 };
  }

  private async ensure(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`INSERT INTO "rewards"."point_accounts" ("user_id") VALUES ($1) ON CONFLICT ("user_id") DO NOTHING`, [userId]);
  }

  private async lock(manager: EntityManager, userId: string): Promise<AccountRow> {
    await this.ensure(manager, userId);
    const [row] = await manager.query<AccountRow[]>(`SELECT "balance", "xp" FROM "rewards"."point_accounts" WHERE "user_id" = $1 FOR UPDATE`, [userId]);
    return { balance: Number(row.balance), xp: Number(row.xp) };
  }
}
