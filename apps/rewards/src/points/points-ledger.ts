import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { type PointKind, rankForXp } from '@portal/contracts';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';
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

export const AccountRow = z.object({
  balance: z.number().int(),
  xp: z.number().int(),
});
export type AccountRow = z.output<typeof AccountRow>;

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
      const row = await selectRow(
        manager,
        z.object({ earned: z.number().int() }),
        `SELECT coalesce(sum("amount"), 0)::int AS earned FROM "rewards"."point_entries"
         WHERE "user_id" = $1 AND "kind" = $2 AND "created_at" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
        [entry.userId, entry.kind],
      );
      amount = Math.max(0, Math.min(amount, cap - (row?.earned ?? 0)));
    }
    // The key is kept even when capped: a redelivery on another day credits nothing either.
    const inserted = await selectRows(
      manager,
      z.object({ id: z.string() }),
      `INSERT INTO "rewards"."point_entries" ("user_id", "kind", "amount", "key") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("key") DO NOTHING RETURNING "id"`,
      [entry.userId, entry.kind, amount, entry.key],
    );
    if (inserted.length === 0 || amount === 0) return 0;
    const updated = existingRow(
      await selectRow(
        manager,
        AccountRow,
        returning(
          `UPDATE "rewards"."point_accounts" SET "balance" = "balance" + $2, "xp" = "xp" + $2, "updated_at" = now()
           WHERE "user_id" = $1 RETURNING "balance", "xp"`,
        ),
        [entry.userId, amount],
      ),
      `no points account of user ${entry.userId} to credit`,
    );
    const before = rankForXp(account.xp);
    const after = rankForXp(updated.xp);
    if (after.level !== before.level) {
      await this.outbox.publish(manager, 'rewards.rank.changed', { userId: entry.userId, rank: after.name, previousRank: before.name, xp: updated.xp });
    }
    return amount;
  }

  /**
   * Debits `cost` when the balance holds it, in one conditional statement (concurrent spends of one
   * account queue on its row and never overdraw); null when it does not. XP is not touched.
   */
  async spend(manager: EntityManager, entry: { userId: string; kind: PointKind; key: string; cost: number }): Promise<number | null> {
    await this.ensure(manager, entry.userId);
    const row = await selectRow(
      manager,
      z.object({ balance: z.number().int() }),
      returning(
        `UPDATE "rewards"."point_accounts" SET "balance" = "balance" - $2, "updated_at" = now()
         WHERE "user_id" = $1 AND "balance" >= $2 RETURNING "balance"`,
      ),
      [entry.userId, entry.cost],
    );
    if (!row) return null;
    await execute(manager, `INSERT INTO "rewards"."point_entries" ("user_id", "kind", "amount", "key") VALUES ($1, $2, $3, $4)`, [
      entry.userId,
      entry.kind,
      -entry.cost,
      entry.key,
    ]);
    return row.balance;
  }

  /** The account (zeros when it has none yet). */
  async account(manager: EntityManager, userId: string): Promise<AccountRow> {
    const row = await selectRow(manager, AccountRow, `SELECT "balance", "xp" FROM "rewards"."point_accounts" WHERE "user_id" = $1`, [userId]);
    return row ? { balance: row.balance, xp: row.xp } : { balance: 0, xp: 0 };
  }

  private async ensure(manager: EntityManager, userId: string): Promise<void> {
    await execute(manager, `INSERT INTO "rewards"."point_accounts" ("user_id") VALUES ($1) ON CONFLICT ("user_id") DO NOTHING`, [userId]);
  }

  private async lock(manager: EntityManager, userId: string): Promise<AccountRow> {
    await this.ensure(manager, userId);
    const row = existingRow(
      await selectRow(manager, AccountRow, `SELECT "balance", "xp" FROM "rewards"."point_accounts" WHERE "user_id" = $1 FOR UPDATE`, [userId]),
      `no points account of user ${userId} to lock`,
    );
    return { balance: row.balance, xp: row.xp };
  }
}
