import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { AnimeListQuery, AnimeSort } from '@portal/contracts';
import { existingRow, returning, selectRow, selectRows } from '@portal/db';
import { AnimeRow, AnimeSummaryRow } from './anime.rows';

export const SUMMARY_COLUMNS = `a.id, a.id_shiki, a.title, a.title_romaji, a.kind, a.status, a.episodes, a.year, a.season,
  a.score::float8 AS score, a.genres, a.poster, a.updated_at`;

const NEWEST_FIRST = 'a.start_date DESC NULLS LAST, a.year DESC NULLS LAST, a.id';

const ORDER_BY: Record<AnimeSort, string> = {
  popularity: 'a.popularity DESC, a.id',
  score: 'a.score DESC NULLS LAST, a.popularity DESC, a.id',
  new: NEWEST_FIRST,
  year: NEWEST_FIRST,
  title: 'a.title, a.id',
};

/** A title's row as `refsByIdsOrShikiIds` finds it: the id it was asked by, then its summary. */
const RequestedSummaryRow = AnimeSummaryRow.extend({ requested: z.number().int() });
export type RequestedSummaryRow = z.output<typeof RequestedSummaryRow>;

/** A character of a title with the people who voice it (`seiyuu`, json_agg of json_build_object). */
const AnimeCharacterRow = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ru: z.string().nullable(),
  image: z.string().nullable(),
  role: z.enum(['main', 'supporting']),
  seiyuu: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      name_ru: z.string().nullable(),
      image: z.string().nullable(),
    }),
  ),
});
export type AnimeCharacterRow = z.output<typeof AnimeCharacterRow>;

const Id = z.object({ id: z.number().int() });

export interface ListSlice {
  where: string[];
  params: unknown[];
  order: string;
  offset: number;
  limit: number;
}

/** Database access for reading and writing anime rows. */
@Injectable()
export class AnimeRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Filters of GET /anime as SQL; adult titles are never listed, and the `new` sort lists only premieres that have started. */
  listSlice(query: Required<Pick<AnimeListQuery, 'page' | 'limit' | 'sort'>> & AnimeListQuery): ListSlice {
    const where = ['NOT a.adult'];
    if (query.sort === 'new') where.push('a.start_date <= current_date');
    const params: unknown[] = [];
    const add = (clause: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (query.genre) add((p) => `a.genres @> ARRAY[${p}]::text[]`, query.genre);
    if (query.kind) add((p) => `a.kind = ${p}`, query.kind);
    if (query.status) add((p) => `a.status = ${p}`, query.status);
    if (query.year !== undefined) add((p) => `a.year = ${p}`, query.year);
    if (query.yearFrom !== undefined) add((p) => `a.year >= ${p}`, query.yearFrom);
    if (query.yearTo !== undefined) add((p) => `a.year <= ${p}`, query.yearTo);
    if (query.season) add((p) => `a.season = ${p}`, query.season);
    if (query.scoreMin !== undefined) add((p) => `a.score >= ${p}`, query.scoreMin);
    if (query.scoreMax !== undefined) add((p) => `a.score <= ${p}`, query.scoreMax);
    if (query.text) {
      add(
        (p) => `(catalogue.normalize_search(${p}) <% a.search_names
          OR a.search_vector @@ plainto_tsquery('simple', ${p}) OR a.search_vector @@ plainto_tsquery('russian', ${p}))`,
        query.text,
      );
    }
    return { where, params, order: ORDER_BY[query.sort], offset: (query.page - 1) * query.limit, limit: query.limit };
  }

  async list(slice: ListSlice): Promise<{ rows: AnimeSummaryRow[]; total: number }> {
    const where = slice.where.join(' AND ');
    const [rows, count] = await Promise.all([
      selectRows(
        this.dataSource,
        AnimeSummaryRow,
        `SELECT ${SUMMARY_COLUMNS} FROM catalogue.anime a WHERE ${where} ORDER BY ${slice.order}
         LIMIT ${slice.limit} OFFSET ${slice.offset}`,
        slice.params,
      ),
      selectRow(this.dataSource, z.object({ total: z.number().int() }), `SELECT count(*)::int AS total FROM catalogue.anime a WHERE ${where}`, slice.params),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /** By catalogue id, else by Shikimori id (the canonical row first). */
  async findByIdOrShikiId(id: number): Promise<AnimeRow | null> {
    return selectRow(
      this.dataSource,
      AnimeRow,
      `SELECT a.*, a.score::float8 AS score FROM catalogue.anime a WHERE a.id = $1 OR a.id_shiki = $1
       ORDER BY (a.id = $1) DESC, a.id LIMIT 1`,
      [id],
    );
  }

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<AnimeRow | null> {
    return selectRow(manager, AnimeRow, `SELECT a.*, a.score::float8 AS score FROM catalogue.anime a WHERE a.id = $1`, [id]);
  }

  /** The row, locked until the transaction ends: an admin's change reads what it replaces. */
  async lockById(manager: EntityManager, id: number): Promise<AnimeRow | null> {
    return selectRow(manager, AnimeRow, `SELECT a.*, a.score::float8 AS score FROM catalogue.anime a WHERE a.id = $1 FOR UPDATE`, [id]);
  }

  async summariesByIds(ids: number[]): Promise<AnimeSummaryRow[]> {
    if (ids.length === 0) return [];
    const rows = await selectRows(
      this.dataSource,
      AnimeSummaryRow,
      `SELECT ${SUMMARY_COLUMNS} FROM catalogue.anime a WHERE a.id = ANY($1::int[]) AND NOT a.adult`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  }

  /** Each requested id that is a catalogue id, else a Shikimori id (the canonical row first), with its row. */
  refsByIdsOrShikiIds(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<RequestedSummaryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return selectRows(
      manager,
      RequestedSummaryRow,
      `SELECT DISTINCT ON (r.requested) r.requested, ${SUMMARY_COLUMNS}
       FROM unnest($1::int[]) AS r(requested) JOIN catalogue.anime a ON a.id = r.requested OR a.id_shiki = r.requested
       ORDER BY r.requested, (a.id = r.requested) DESC, a.id`,
      [ids],
    );
  }

  async genreCounts(): Promise<Map<string, number>> {
    const rows = await selectRows(
      this.dataSource,
      z.object({ genre: z.string(), count: z.number().int() }),
      `SELECT genre, count(*)::int AS count FROM catalogue.anime, unnest(genres) AS genre WHERE NOT adult GROUP BY genre`,
    );
    return new Map(rows.map((row) => [row.genre, row.count]));
  }

  async existingIds(ids: number[]): Promise<number[]> {
    const rows = await selectRows(this.dataSource, Id, `SELECT id FROM catalogue.anime WHERE id = ANY($1::int[])`, [ids]);
    return rows.map((row) => row.id);
  }

  async charactersOf(animeId: number): Promise<AnimeCharacterRow[]> {
    return selectRows(
      this.dataSource,
      AnimeCharacterRow,
      `SELECT c.id, c.name, c.name_ru, c.image, ac.role,
         coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'name_ru', p.name_ru, 'image', p.image) ORDER BY p.id)
                   FROM catalogue.character_voices v JOIN catalogue.people p ON p.id = v.person_id
                   WHERE v.anime_id = ac.anime_id AND v.character_id = c.id), '[]') AS seiyuu
       FROM catalogue.anime_characters ac JOIN catalogue.characters c ON c.id = ac.character_id
       WHERE ac.anime_id = $1 ORDER BY (ac.role = 'main') DESC, c.id`,
      [animeId],
    );
  }

  /** Inserts a row; `columns` are database column names. Returns the new id. */
  async insert(manager: EntityManager, columns: Record<string, unknown>): Promise<number> {
    const names = Object.keys(columns);
    const row = existingRow(
      await selectRow(
        manager,
        Id,
        `INSERT INTO catalogue.anime (${names.map((name) => `"${name}"`).join(', ')})
       VALUES (${names.map((name, index) => `$${index + 1}${castOf(name)}`).join(', ')}) RETURNING id`,
        names.map((name) => serialise(columns[name])),
      ),
      'INSERT INTO catalogue.anime … RETURNING id answered no row',
    );
    return row.id;
  }

  /** Writes the given columns and locks them against the next import. */
  async update(manager: EntityManager, id: number, columns: Record<string, unknown>): Promise<boolean> {
    const names = Object.keys(columns);
    const assignments = names.map((name, index) => `"${name}" = $${index + 2}${castOf(name)}`);
    const rows = await selectRows(
      manager,
      Id,
      returning(
        `UPDATE catalogue.anime SET ${[...assignments, `locked_fields = ARRAY(SELECT DISTINCT unnest(locked_fields || $${names.length + 2}::text[]))`, 'updated_at = now()'].join(', ')}
       WHERE id = $1 RETURNING id`,
      ),
      [id, ...names.map((name) => serialise(columns[name])), names],
    );
    return rows.length > 0;
  }

  /** Returns the deleted row; null when there was none. */
  async delete(manager: EntityManager, id: number): Promise<AnimeRow | null> {
    return selectRow(manager, AnimeRow, returning(`DELETE FROM catalogue.anime a WHERE a.id = $1 RETURNING a.*, a.score::float8 AS score`), [id]);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}

const JSON_COLUMNS = new Set(['videos', 'external_ids']);
const castOf = (column: string) => (JSON_COLUMNS.has(column) ? '::jsonb' : '');
const serialise = (value: unknown) => (Array.isArray(value) && value.some((item) => typeof item === 'object') ? JSON.stringify(value) : value);
