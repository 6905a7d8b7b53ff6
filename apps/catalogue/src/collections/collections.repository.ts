import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SUMMARY_COLUMNS } from '../anime/anime.repository';
import type { AnimeSummaryRow } from '../anime/anime.rows';

export interface CollectionRow {
  id: number;
  title: string;
  description: string;
  cover: string | null;
  featured: boolean;
  anime_count: number;
  created_at: Date;
  updated_at: Date;
}

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
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`SELECT ${COLLECTION_COLUMNS} FROM catalogue.collections c ORDER BY c.created_at DESC, c.id DESC LIMIT $1 OFFSET $2`, [
        limit,
        offset,
      ]),
      this.dataSource.query(`SELECT count(*)::int AS total FROM catalogue.collections`),
    ]);
    return { rows, total };
  }

  featured(): Promise<CollectionRow[]> {
    return this.dataSource.query(`SELECT ${COLLECTION_COLUMNS} FROM catalogue.collections c WHERE c.featured ORDER BY c.updated_at DESC, c.id DESC LIMIT 20`);
  }

  async find(id: number, manager: EntityManager = this.dataSource.manager): Promise<CollectionRow | null> {
    const rows: CollectionRow[] = await manager.query(`SELECT ${COLLECTION_COLUMNS} FROM catalogue.collections c WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The collection and its titles in order, locked until the transaction ends; null when there is none. */
  async lockAuditState(manager: EntityManager, id: number): Promise<CollectionAuditState | null> {
    const [row] = await manager.query(`SELECT title, description, featured, cover FROM catalogue.collections WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return null;
    const items: Array<{ anime_id: number }> = await manager.query(
      `SELECT anime_id FROM catalogue.collection_items WHERE collection_id = $1 ORDER BY position`,
      [id],
    );
    return { title: row.title, description: row.description, featured: row.featured, cover: row.cover, animeIds: items.map((item) => item.anime_id) };
  }

  anime(id: number): Promise<AnimeSummaryRow[]> {
    return this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM catalogue.collection_items i JOIN catalogue.anime a ON a.id = i.anime_id
       WHERE i.collection_id = $1 AND NOT a.adult ORDER BY i.position`,
      [id],
    );
  }

  async insert(manager: EntityManager, values: { title: string; description: string; featured: boolean; cover: string | null }): Promise<number> {
    const [row] = await manager.query(
      `INSERT INTO catalogue.collections (title, description, featured, cover) VALUES ($1, $2, $3, $4) RETURNING id`,
      [values.title, values.description, values.featured, values.cover],
    );
    return row.id;
  }

  /** Returns the previous cover, so the caller can delete a replaced file; null when no such collection. */
  async update(manager: EntityManager, id: number, values: Partial<{ title: string; description: string; featured: boolean; cover: string | null }>): Promise<{ previousCover: string | null } | null> {
    const [before] = await manager.query(`SELECT cover FROM catalogue.collections WHERE id = $1 FOR UPDATE`, [id]);
    if (!before) return null;
    await manager.query(
      `UPDATE catalogue.collections SET title = coalesce($2, title), description = coalesce($3, description),
         featured = coalesce($4, featured), cover = CASE WHEN $5::boolean THEN $6 ELSE cover END, updated_at = now() WHERE id = $1`,
      [id, values.title ?? null, values.description ?? null, values.featured ?? null, values.cover !== undefined, values.cover ?? null],
    );
    return { previousCover: before.cover };
  }

  async replaceItems(manager: EntityManager, id: number, animeIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM catalogue.collection_items WHERE collection_id = $1`, [id]);
    if (animeIds.length === 0) return;
    await manager.query(
      `INSERT INTO catalogue.collection_items (collection_id, anime_id, position)
       SELECT $1, anime_id, position FROM unnest($2::int[]) WITH ORDINALITY AS t(anime_id, position)`,
      [id, animeIds],
    );
  }

  async delete(manager: EntityManager, id: number): Promise<{ cover: string | null } | null> {
    // TypeORM answers DELETE with [rows, affected count].
    const [rows]: [Array<{ cover: string | null }>, number] = await manager.query(`DELETE FROM catalogue.collections WHERE id = $1 RETURNING cover`, [id]);
    return rows[0] ?? null;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
