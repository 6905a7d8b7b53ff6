import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, selectRow, selectRows } from '@portal/db';

export interface NamedEntry {
  sourceKey: string;
  name: string;
  nameRu: string | null;
  image: string | null;
}

export interface CharacterLink {
  characterId: number;
  role: 'main' | 'supporting';
  personIds: number[];
}

const Id = z.object({ id: z.number().int() });
const ShikiId = z.object({ id_shiki: z.number().int() });

/** Upserts characters or people by source key in one statement and answers the id of every key. */
const upsertNamedSql = (table: 'characters' | 'people') => `
  WITH input AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(source_key text, name text, name_ru text, image text)),
  written AS (
    INSERT INTO "catalogue"."${table}" AS t (source_key, name, name_ru, image)
    SELECT source_key, name, name_ru, image FROM input ORDER BY source_key
    ON CONFLICT (source_key) DO UPDATE
      SET name = EXCLUDED.name, name_ru = coalesce(EXCLUDED.name_ru, t.name_ru), image = coalesce(EXCLUDED.image, t.image), updated_at = now()
      WHERE (t.name, t.name_ru, t.image) IS DISTINCT FROM (EXCLUDED.name, coalesce(EXCLUDED.name_ru, t.name_ru), coalesce(EXCLUDED.image, t.image))
    RETURNING source_key, id)
  SELECT source_key, id FROM written
  UNION ALL
  SELECT t.source_key, t.id FROM "catalogue"."${table}" t JOIN input USING (source_key)
  WHERE t.source_key NOT IN (SELECT source_key FROM written)`;

/** Database access of the metadata sync (the anime columns themselves go through AnimeRepository.update). */
@Injectable()
export class MetadataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async animeIdsByShikiId(shikimoriId: number): Promise<number[]> {
    const rows = await selectRows(this.dataSource, Id, `SELECT id FROM catalogue.anime WHERE id_shiki = $1 ORDER BY id`, [shikimoriId]);
    return rows.map((row) => row.id);
  }

  /** The rows one sync writes, locked for its transaction (in id order, so two writers cannot deadlock). */
  lockByShikiId(manager: EntityManager, shikimoriId: number): Promise<Array<{ id: number; poster: string | null }>> {
    return selectRows(
      manager,
      z.object({ id: z.number().int(), poster: z.string().nullable() }),
      `SELECT id, poster FROM catalogue.anime WHERE id_shiki = $1 ORDER BY id FOR UPDATE`,
      [shikimoriId],
    );
  }

  /** Our id of each Shikimori id we have, in the given order; the title whose id is the Shikimori id wins over duplicates. */
  async catalogueIdsOf(shikimoriIds: number[]): Promise<number[]> {
    if (shikimoriIds.length === 0) return [];
    const rows = await selectRows(
      this.dataSource,
      z.object({ id_shiki: z.number().int(), id: z.number().int() }),
      `SELECT DISTINCT ON (id_shiki) id_shiki, id FROM catalogue.anime WHERE id_shiki = ANY($1::int[])
       ORDER BY id_shiki, (id = id_shiki) DESC, id`,
      [shikimoriIds],
    );
    const byShikiId = new Map(rows.map((row) => [row.id_shiki, row.id]));
    return [...new Set(shikimoriIds.map((id) => byShikiId.get(id)).filter((id) => id !== undefined))];
  }

  /** Every Shikimori id of the catalogue, most watched first. */
  async allShikiIds(): Promise<number[]> {
    const rows = await selectRows(
      this.dataSource,
      ShikiId,
      `SELECT id_shiki FROM catalogue.anime WHERE id_shiki IS NOT NULL GROUP BY id_shiki ORDER BY max(popularity) DESC, id_shiki`,
    );
    return rows.map((row) => row.id_shiki);
  }

  /** Shikimori ids of titles that have no poster of their own. */
  async shikiIdsWithoutPoster(): Promise<number[]> {
    const rows = await selectRows(
      this.dataSource,
      ShikiId,
      `SELECT id_shiki FROM catalogue.anime WHERE id_shiki IS NOT NULL AND poster IS NULL GROUP BY id_shiki ORDER BY max(popularity) DESC, id_shiki`,
    );
    return rows.map((row) => row.id_shiki);
  }

  async syncCounts(): Promise<{ synced: number; withShikimoriId: number }> {
    const row = await selectRow(
      this.dataSource,
      z.object({ synced: z.number().int(), total: z.number().int() }),
      `SELECT count(*) FILTER (WHERE metadata_synced_at IS NOT NULL)::int AS synced, count(*)::int AS total
       FROM catalogue.anime WHERE id_shiki IS NOT NULL`,
    );
    return { synced: row?.synced ?? 0, withShikimoriId: row?.total ?? 0 };
  }

  /** Source key -> id. Keys must be unique within one call. */
  async upsertNamed(manager: EntityManager, table: 'characters' | 'people', entries: NamedEntry[]): Promise<Map<string, number>> {
    if (entries.length === 0) return new Map();
    const input = entries.map((entry) => ({ source_key: entry.sourceKey, name: entry.name, name_ru: entry.nameRu, image: entry.image }));
    const rows = await selectRows(manager, z.object({ source_key: z.string(), id: z.number().int() }), upsertNamedSql(table), [JSON.stringify(input)]);
    return new Map(rows.map((row) => [row.source_key, row.id]));
  }

  /** The title's cast becomes exactly `links`: characters and voices it no longer lists are unlinked. */
  async replaceCast(manager: EntityManager, animeId: number, links: CharacterLink[]): Promise<void> {
    await execute(manager, `DELETE FROM catalogue.character_voices WHERE anime_id = $1`, [animeId]);
    await execute(manager, `DELETE FROM catalogue.anime_characters WHERE anime_id = $1`, [animeId]);
    if (links.length === 0) return;
    await execute(
      manager,
      `INSERT INTO catalogue.anime_characters (anime_id, character_id, role)
       SELECT $1, character_id, role FROM unnest($2::int[], $3::text[]) AS l(character_id, role) ON CONFLICT DO NOTHING`,
      [animeId, links.map((link) => link.characterId), links.map((link) => link.role)],
    );
    const voices = links.flatMap((link) => link.personIds.map((personId) => [link.characterId, personId]));
    if (voices.length === 0) return;
    await execute(
      manager,
      `INSERT INTO catalogue.character_voices (anime_id, character_id, person_id)
       SELECT $1, character_id, person_id FROM unnest($2::int[], $3::int[]) AS v(character_id, person_id) ON CONFLICT DO NOTHING`,
      [animeId, voices.map(([characterId]) => characterId), voices.map(([, personId]) => personId)],
    );
  }

  /** Bookkeeping, not content: not locked against the import (it never writes this column). */
  async markSynced(manager: EntityManager, animeId: number): Promise<void> {
    await execute(manager, `UPDATE catalogue.anime SET metadata_synced_at = now() WHERE id = $1`, [animeId]);
  }
}
