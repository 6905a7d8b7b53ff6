import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { ANIME_KINDS, type TitleRef } from '@portal/contracts';
import { execute, selectRows } from '@portal/db';

/** The community's copy of a title, as `SELECT *` (or `row_to_json`) reads it. */
export const AnimeRefRow = z.object({
  id: z.number().int(),
  id_shiki: z.number().int().nullable(),
  title: z.string(),
  poster: z.string(),
  fallback_poster: z.string(),
  episodes: z.number().int().nullable(),
  kind: z.enum(ANIME_KINDS).nullable(),
  year: z.number().int().nullable(),
});
export type AnimeRefRow = z.output<typeof AnimeRefRow>;

export const toStoredRef = (row: AnimeRefRow): TitleRef => ({
  id: row.id,
  idShiki: row.id_shiki,
  title: row.title,
  poster: row.poster,
  fallbackPoster: row.fallback_poster,
  episodes: row.episodes,
  kind: row.kind,
  year: row.year,
});

/**
 * The columns and rows of an insert of titles from parameters `$<first>`… (8 arrays, see refColumns),
 * for a statement of its own or a CTE of a bigger one (the progress writer's batch).
 */
export const insertRefsFrom = (first: number) =>
  `(id, id_shiki, title, poster, fallback_poster, episodes, kind, year)
   SELECT * FROM unnest(${['int', 'int', 'text', 'text', 'text', 'int', 'text', 'int'].map((type, index) => `$${first + index}::${type}[]`).join(', ')})`;
const INSERT_REFS = insertRefsFrom(1);

/** The parameters of insertRefsFrom, one array per column. */
export const refColumns = (refs: TitleRef[]) => [
  refs.map((ref) => ref.id),
  refs.map((ref) => ref.idShiki),
  refs.map((ref) => ref.title),
  refs.map((ref) => ref.poster),
  refs.map((ref) => ref.fallbackPoster),
  refs.map((ref) => ref.episodes),
  refs.map((ref) => ref.kind),
  refs.map((ref) => ref.year),
];

@Injectable()
export class AnimeRefsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findByIds(ids: number[]): Promise<TitleRef[]> {
    if (ids.length === 0) return [];
    const rows = await selectRows(this.dataSource, AnimeRefRow, `SELECT * FROM community.anime_refs WHERE id = ANY($1::int[])`, [ids]);
    return rows.map(toStoredRef);
  }

  /** Which of these titles the community holds a copy of. */
  async existingIds(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await selectRows(manager, z.object({ id: z.number().int() }), `SELECT id FROM community.anime_refs WHERE id = ANY($1::int[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Stores copies of titles the table does not hold yet, leaving held ones alone (not rewritten, not
   * locked: a write's transaction does not queue behind every other write of a popular title).
   */
  async insertMissing(refs: TitleRef[], manager: EntityManager): Promise<void> {
    if (refs.length === 0) return;
    const sorted = [...new Map(refs.map((ref) => [ref.id, ref])).values()].sort((a, b) => a.id - b.id);
    await execute(manager, `INSERT INTO community.anime_refs ${INSERT_REFS} ON CONFLICT (id) DO NOTHING`, refColumns(sorted));
  }

  /** Stores what the catalogue said of these titles (ids in order, so concurrent upserts do not deadlock). */
  async upsert(refs: TitleRef[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (refs.length === 0) return;
    const sorted = [...new Map(refs.map((ref) => [ref.id, ref])).values()].sort((a, b) => a.id - b.id);
    await execute(
      manager,
      `INSERT INTO community.anime_refs AS r ${INSERT_REFS}
       ON CONFLICT (id) DO UPDATE SET id_shiki = excluded.id_shiki, title = excluded.title, poster = excluded.poster,
         fallback_poster = excluded.fallback_poster, episodes = excluded.episodes, kind = excluded.kind, year = excluded.year,
         refreshed_at = now()
       WHERE (r.id_shiki, r.title, r.poster, r.fallback_poster, r.episodes, r.kind, r.year)
         IS DISTINCT FROM (excluded.id_shiki, excluded.title, excluded.poster, excluded.fallback_poster, excluded.episodes, excluded.kind, excluded.year)`,
      refColumns(sorted),
    );
  }
}
