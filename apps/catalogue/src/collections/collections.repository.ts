import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';
import { SUMMARY_COLUMNS } from '../anime/anime.repository';
import { AnimeSummaryRow } from '../anime/anime.rows';

export const CollectionRow = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  featured: z.boolean(),
  anime_count: z.number().int(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type CollectionRow = z.output<typeof CollectionRow>;

const Cover = z.object({ cover: z.string().nullable() });

/** A collection as the audit log records an admin's change of it. */
export type CollectionAuditState = {
  title: string;
  description: string;
  featured: boolean;
  cover: string | null;
  animeIds: number[];
};

const COLLECTION_COLUMNS = `c.id, c.title, c.description, c.cover, c.featured, c.created_at, c.updated_at,
  (SELECT count(*)::int FROM catalogue.collection_items i WHERE i.collection_id = c.id) AS anime_count`;

@Injectable()
export class CollectionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(limit: number, offset: number): Promise<{ rows: CollectionRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      selectRows(
        this.dataSource,
        CollectionRow,
        `SELECT ${COLLECTION_COLUMNS} FROM catalogue.collections c ORDER BY c.created_at DESC, c.id DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      selectRow(this.dataSource, z.object({ total: z.number().int() }), `SELECT count(*)::int AS total FROM catalogue.collections`),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  featured(): Promise<CollectionRow[]> {
    return selectRows(
      this.dataSource,
      CollectionRow,
      `SELECT ${COLLECTION_COLUMNS} FROM catalogue.collections c WHERE c.featured ORDER BY c.updated_at DESC, c.id DESC LIMIT 20`,
    );
  }

  async find(id: number, manager: EntityManager = this.dataSource.manager): Promise<CollectionRow | null> {
    return selectRow(manager, CollectionRow, `SELECT ${COLLECTION_COLUMNS} FROM catalogue.collections c WHERE c.id = $1`, [id]);
  }

  /** The collection and its titles in order, locked until the transaction ends; null when there is none. */
  async lockAuditState(manager: EntityManager, id: number): Promise<CollectionAuditState | null> {
    const row = await selectRow(
      manager,
      CollectionRow.pick({ title: true, description: true, featured: true, cover: true }),
      `SELECT title, description, featured, cover FROM catalogue.collections WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) return null;
    const items = await selectRows(
      manager,
      z.object({ anime_id: z.number().int() }),
      `SELECT anime_id FROM catalogue.collection_items WHERE collection_id = $1 ORDER BY position`,
      [id],
    );
    return { title: row.title, description: row.description, featured: row.featured, cover: row.cover, animeIds: items.map((item) => item.anime_id) };
  }

  anime(id: number): Promise<AnimeSummaryRow[]> {
    return selectRows(
      this.dataSource,
      AnimeSummaryRow,
      `SELECT ${SUMMARY_COLUMNS} FROM catalogue.collection_items i JOIN catalogue.anime a ON a.id = i.anime_id
       WHERE i.collection_id = $1 AND NOT a.adult ORDER BY i.position`,
      [id],
    );
  }

  async insert(manager: EntityManager, values: { title: string; description: string; featured: boolean; cover: string | null }): Promise<number> {
    const row = existingRow(
      await selectRow(
        manager,
        z.object({ id: z.number().int() }),
        `INSERT INTO catalogue.collections (title, description, featured, cover) VALUES ($1, $2, $3, $4) RETURNING id`,
        [values.title, values.description, values.featured, values.cover],
      ),
      'INSERT INTO catalogue.collections … RETURNING id answered no row',
    );
    return row.id;
  }

  /** Returns the previous cover, so the caller can delete a replaced file; null when no such collection. */
  async update(
    manager: EntityManager,
    id: number,
    values: Partial<{ title: string; description: string; featured: boolean; cover: string | null }>,
  ): Promise<{ previousCover: string | null } | null> {
    const before = await selectRow(manager, Cover, `SELECT cover FROM catalogue.collections WHERE id = $1 FOR UPDATE`, [id]);
    if (!before) return null;
    await execute(
      manager,
      `UPDATE catalogue.collections SET title = coalesce($2, title), description = coalesce($3, description),
         featured = coalesce($4, featured), cover = CASE WHEN $5::boolean THEN $6 ELSE cover END, updated_at = now() WHERE id = $1`,
      [id, values.title ?? null, values.description ?? null, values.featured ?? null, values.cover !== undefined, values.cover ?? null],
    );
    return { previousCover: before.cover };
  }

  async replaceItems(manager: EntityManager, id: number, animeIds: number[]): Promise<void> {
    await execute(manager, `DELETE FROM catalogue.collection_items WHERE collection_id = $1`, [id]);
    if (animeIds.length === 0) return;
    await execute(
      manager,
      `INSERT INTO catalogue.collection_items (collection_id, anime_id, position)
       SELECT $1, anime_id, position FROM unnest($2::int[]) WITH ORDINALITY AS t(anime_id, position)`,
      [id, animeIds],
    );
  }

  async delete(manager: EntityManager, id: number): Promise<{ cover: string | null } | null> {
    return selectRow(manager, Cover, returning(`DELETE FROM catalogue.collections WHERE id = $1 RETURNING cover`), [id]);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
