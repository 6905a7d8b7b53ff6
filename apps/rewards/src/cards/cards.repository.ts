import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { CardRarity } from '@portal/contracts';
import { execute, returning, selectRow, selectRows } from '@portal/db';
import { cardColumns, CardRow } from './card-view';

export interface NewCard {
  title: string;
  description: string;
  rarity: CardRarity;
  file: string;
  weight: number;
}

export const OwnedRow = CardRow.extend({
  count: z.number().int(),
  first_granted_at: z.date(),
});
export type OwnedRow = z.output<typeof OwnedRow>;

export const OwnerRow = z.object({
  user_id: z.string(),
  count: z.number().int(),
});
export type OwnerRow = z.output<typeof OwnerRow>;

const SeedRow = z.object({ seed: z.string() });

/** rewards.cards, user_cards and the seed registry (docs/rewards.md, «Карточки»). */
@Injectable()
export class CardsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Cards not retired, rarest last, then by title. */
  catalogue(): Promise<CardRow[]> {
    return selectRows(
      this.dataSource,
      CardRow,
      `SELECT ${cardColumns('c')} FROM "rewards"."cards" c WHERE NOT c."retired"
       ORDER BY array_position(ARRAY['common', 'rare', 'epic', 'legendary'], c."rarity"), c."title", c."id"`,
    );
  }

  async byId(id: string): Promise<CardRow | null> {
    return selectRow(this.dataSource, CardRow, `SELECT ${cardColumns('c')} FROM "rewards"."cards" c WHERE c."id" = $1`, [id]);
  }

  /** The card, its row locked until the transaction ends (an admin's change reads its «before»). */
  async lock(manager: EntityManager, id: string): Promise<CardRow | null> {
    return selectRow(manager, CardRow, `SELECT ${cardColumns('c')} FROM "rewards"."cards" c WHERE c."id" = $1 FOR UPDATE`, [id]);
  }

  /** Adds a card; null when a card of the same file (the same content) exists. */
  async insert(card: NewCard, manager: EntityManager | DataSource = this.dataSource): Promise<CardRow | null> {
    return selectRow(
      manager,
      CardRow,
      `INSERT INTO "rewards"."cards" ("title", "description", "rarity", "file", "weight") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("file") DO NOTHING
       RETURNING "id", "title", "description", "rarity", "file", "weight", "retired"`,
      [card.title, card.description, card.rarity, card.file, card.weight],
    );
  }

  async byFile(file: string, manager: EntityManager | DataSource = this.dataSource): Promise<CardRow | null> {
    return selectRow(manager, CardRow, `SELECT ${cardColumns('c')} FROM "rewards"."cards" c WHERE c."file" = $1`, [file]);
  }

  /** Changes the fields given; null when there is no such card. */
  async update(
    id: string,
    fields: Partial<Pick<NewCard, 'title' | 'description' | 'rarity' | 'weight'>>,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<CardRow | null> {
    return selectRow(
      manager,
      CardRow,
      returning(`UPDATE "rewards"."cards" SET "title" = COALESCE($2, "title"), "description" = COALESCE($3, "description"),
         "rarity" = COALESCE($4, "rarity"), "weight" = COALESCE($5, "weight")
       WHERE "id" = $1 RETURNING "id", "title", "description", "rarity", "file", "weight", "retired"`),
      [id, fields.title ?? null, fields.description ?? null, fields.rarity ?? null, fields.weight ?? null],
    );
  }

  async retire(id: string, manager: EntityManager | DataSource = this.dataSource): Promise<CardRow | null> {
    return selectRow(
      manager,
      CardRow,
      returning(`UPDATE "rewards"."cards" SET "retired" = true WHERE "id" = $1 RETURNING "id", "title", "description", "rarity", "file", "weight", "retired"`),
      [id],
    );
  }

  /** Claims a seed key; false when it was seeded before (even if its card is gone or retired since). */
  async claimSeed(manager: EntityManager, seed: string): Promise<boolean> {
    const rows = await selectRows(manager, SeedRow, `INSERT INTO "rewards"."card_seeds" ("seed") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "seed"`, [seed]);
    return rows.length > 0;
  }

  async seeded(): Promise<Set<string>> {
    const rows = await selectRows(this.dataSource, SeedRow, `SELECT "seed" FROM "rewards"."card_seeds"`);
    return new Set(rows.map((row) => row.seed));
  }

  /** The file of each seeded card still in the catalogue, by seed key. */
  async seedFiles(): Promise<Map<string, string>> {
    const rows = await selectRows(
      this.dataSource,
      z.object({ seed: z.string(), file: z.string() }),
      `SELECT s."seed", c."file" FROM "rewards"."card_seeds" s JOIN "rewards"."cards" c ON c."id" = s."card_id"`,
    );
    return new Map(rows.map((row) => [row.seed, row.file]));
  }

  async linkSeed(manager: EntityManager, seed: string, cardId: string): Promise<void> {
    await execute(manager, `UPDATE "rewards"."card_seeds" SET "card_id" = $2 WHERE "seed" = $1`, [seed, cardId]);
  }

  /** The cards a user owns, with counts. */
  owned(userId: string): Promise<OwnedRow[]> {
    return selectRows(
      this.dataSource,
      OwnedRow,
      `SELECT ${cardColumns('c')}, u."count", u."first_granted_at" FROM "rewards"."user_cards" u
       JOIN "rewards"."cards" c ON c."id" = u."card_id" WHERE u."user_id" = $1 ORDER BY u."first_granted_at", c."id"`,
      [userId],
    );
  }

  /** The top owners of a card and how many there are. */
  async owners(cardId: string, limit: number): Promise<{ rows: OwnerRow[]; total: number }> {
    const rows = await selectRows(
      this.dataSource,
      OwnerRow,
      `SELECT "user_id", "count" FROM "rewards"."user_cards" WHERE "card_id" = $1 ORDER BY "count" DESC, "first_granted_at", "user_id" LIMIT $2`,
      [cardId, limit],
    );
    const counted = await selectRow(
      this.dataSource,
      z.object({ total: z.number().int() }),
      `SELECT count(*)::int AS total FROM "rewards"."user_cards" WHERE "card_id" = $1`,
      [cardId],
    );
    return { rows, total: counted?.total ?? 0 };
  }

  /** The file and id of the grant under a key, when stored at or after `since`. */
  async grantOf(key: string): Promise<{ id: string; file: string; created_at: Date } | null> {
    return selectRow(
      this.dataSource,
      z.object({ id: z.string(), file: z.string(), created_at: z.date() }),
      `SELECT g."id", c."file", g."created_at" FROM "rewards"."card_grants" g JOIN "rewards"."cards" c ON c."id" = g."card_id" WHERE g."key" = $1`,
      [key],
    );
  }
}
