import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, existingRow, selectRow, selectRows } from '@portal/db';
import { IMPORTED_COLUMNS, type ImportedAnime } from './anime-record.mapper';

const RECORD_TYPES: Record<keyof ImportedAnime, string> = {
  id: 'integer',
  source_key: 'text',
  source_hash: 'text',
  id_shiki: 'integer',
  title: 'text',
  title_ru: 'text',
  title_romaji: 'text',
  title_en: 'text',
  title_ja: 'text',
  synonyms: 'text[]',
  kind: 'text',
  status: 'text',
  episodes: 'integer',
  year: 'integer',
  season: 'text',
  start_date: 'date',
  end_date: 'date',
  score: 'numeric',
  popularity: 'integer',
  genres: 'text[]',
  adult: 'boolean',
  poster: 'text',
  official_site: 'text',
  external_ids: 'jsonb',
  sources: 'text[]',
};

const recordDefinition = Object.entries(RECORD_TYPES)
  .map(([column, type]) => `"${column}" ${type}`)
  .join(', ');
const insertColumns = ['id', 'source_key', 'source_hash', ...IMPORTED_COLUMNS];
const selectColumns = insertColumns.map((column) => (column === 'id' ? `coalesce(r."id", nextval('catalogue.anime_local_id_seq')::integer)` : `r."${column}"`));
// A column an admin or the metadata sync has written stays theirs; the rest follow the source.
const updates = IMPORTED_COLUMNS.map(
  (column) => `"${column}" = CASE WHEN '${column}' = ANY(a."locked_fields") THEN a."${column}" ELSE EXCLUDED."${column}" END`,
);

const UPSERT_SQL = `
  INSERT INTO "catalogue"."anime" AS a (${insertColumns.map((column) => `"${column}"`).join(', ')})
  SELECT ${selectColumns.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${recordDefinition})
  ON CONFLICT ("source_key") DO UPDATE SET ${updates.join(', ')}, "source_hash" = EXCLUDED."source_hash", "updated_at" = now()
  WHERE a."source_hash" IS DISTINCT FROM EXCLUDED."source_hash"
  RETURNING a."id", (xmax = 0) AS inserted`;

const Id = z.object({ id: z.number().int() });

export interface UpsertCounts {
  inserted: number;
  /** Ids of the titles already there whose source changed. */
  updatedIds: number[];
}

@Injectable()
export class AnimeImportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Upserts a batch in one statement; rows whose source did not change are not touched at all. */
  async upsert(rows: ImportedAnime[], manager: EntityManager = this.dataSource.manager): Promise<UpsertCounts> {
    const result = await selectRows(manager, z.object({ id: z.number().int(), inserted: z.boolean() }), UPSERT_SQL, [JSON.stringify(rows)]);
    return { inserted: result.filter((row) => row.inserted).length, updatedIds: result.filter((row) => !row.inserted).map((row) => row.id) };
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Serialises imports across processes (a CLI run while the service imports at boot). */
  async withImportLock<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await execute(runner, `SELECT pg_advisory_lock(hashtext('catalogue:import'))`);
      return await work();
    } finally {
      await execute(runner, `SELECT pg_advisory_unlock(hashtext('catalogue:import'))`).catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * After a bulk load: planner statistics, and the trigram index's pending entries merged, which
   * otherwise every search scans linearly until autovacuum gets to them.
   */
  async refreshSearchIndexes(): Promise<void> {
    await execute(this.dataSource, `ANALYZE catalogue.anime`);
    await execute(this.dataSource, `SELECT gin_clean_pending_list('catalogue.anime_search_names_trgm'::regclass)`);
    await execute(this.dataSource, `SELECT gin_clean_pending_list('catalogue.anime_search_vector'::regclass)`);
  }

  /** Whether an import ever ran to its end (a half-done one, its process killed, does not count). */
  async importFinished(): Promise<boolean> {
    const row = await selectRow(this.dataSource, z.object({ found: z.literal(1) }), `SELECT 1 AS found FROM "catalogue"."dataset_imports" LIMIT 1`);
    return row !== null;
  }

  async recordFinished(report: { read: number; inserted: number; updated: number; unchanged: number; skipped: number }): Promise<void> {
    await execute(this.dataSource, `INSERT INTO "catalogue"."dataset_imports" ("report") VALUES ($1::jsonb)`, [JSON.stringify(report)]);
  }

  /** Titles by bangumi.tv id; a title whose cast came from Shikimori keeps that cast. */
  async animeIdsByBangumiId(bangumiIds: number[]): Promise<Map<number, number>> {
    const rows = await selectRows(
      this.dataSource,
      z.object({ id: z.number().int(), bangumi: z.number().int() }),
      `SELECT id, (external_ids->>'bangumi')::int AS bangumi FROM "catalogue"."anime"
       WHERE external_ids->>'bangumi' = ANY($1::text[]) AND metadata_synced_at IS NULL ORDER BY id`,
      [bangumiIds.map(String)],
    );
    const ids = new Map<number, number>();
    for (const row of rows) if (!ids.has(row.bangumi)) ids.set(row.bangumi, row.id);
    return ids;
  }

  /** Inserts or updates a character or person by its source key, writing only when something changed. */
  async upsertNamed(
    manager: EntityManager,
    table: 'characters' | 'people',
    row: { sourceKey: string; name: string; nameJa: string | null; image: string | null },
  ): Promise<number> {
    const values = [row.sourceKey, row.name, row.nameJa, row.image];
    const written = await selectRow(
      manager,
      Id,
      `INSERT INTO "catalogue"."${table}" AS t (source_key, name, name_ja, image) VALUES ($1, $2, $3, $4)
       ON CONFLICT (source_key) DO UPDATE SET name = EXCLUDED.name, name_ja = EXCLUDED.name_ja, image = EXCLUDED.image, updated_at = now()
       WHERE (t.name, t.name_ja, t.image) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.name_ja, EXCLUDED.image)
       RETURNING id`,
      values,
    );
    if (written) return written.id;
    const existing = existingRow(
      await selectRow(manager, Id, `SELECT id FROM "catalogue"."${table}" WHERE source_key = $1`, [row.sourceKey]),
      `no ${table} row of source key ${row.sourceKey}`,
    );
    return existing.id;
  }

  async linkCharacter(manager: EntityManager, animeId: number, characterId: number, role: 'main' | 'supporting'): Promise<void> {
    await execute(
      manager,
      `INSERT INTO "catalogue"."anime_characters" (anime_id, character_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (anime_id, character_id) DO UPDATE SET role = EXCLUDED.role`,
      [animeId, characterId, role],
    );
  }

  async linkVoice(manager: EntityManager, animeId: number, characterId: number, personId: number): Promise<void> {
    await execute(manager, `INSERT INTO "catalogue"."character_voices" (anime_id, character_id, person_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      animeId,
      characterId,
      personId,
    ]);
  }
}
