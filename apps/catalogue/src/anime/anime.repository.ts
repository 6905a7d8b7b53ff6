import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AnimeListQuery, AnimeSort } from '@portal/contracts';
import type { AnimeRow, AnimeSummaryRow } from './anime.rows';

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
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${SUMMARY_COLUMNS} FROM catalogue.anime a WHERE ${where} ORDER BY ${slice.order}
         LIMIT ${slice.limit} OFFSET ${slice.offset}`,
        slice.params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM catalogue.anime a WHERE ${where}`, slice.params),
    ]);
    return { rows, total };
  }

  /** By catalogue id, else by Shikimori id (the canonical row first). */
  async findByIdOrShikiId(id: number): Promise<AnimeRow | null> {
    const rows: AnimeRow[] = await this.dataSource.query(
      `SELECT a.*, a.score::float8 AS score FROM catalogue.anime a WHERE a.id = $1 OR a.id_shiki = $1
       ORDER BY (a.id = $1) DESC, a.id LIMIT 1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<AnimeRow | null> {
    const rows: AnimeRow[] = await manager.query(`SELECT a.*, a.score::float8 AS score FROM catalogue.anime a WHERE a.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The row, locked until the transaction ends: an admin's change reads what it replaces. */
  async lockById(manager: EntityManager, id: number): Promise<AnimeRow | null> {
    const rows: AnimeRow[] = await manager.query(`SELECT a.*, a.score::float8 AS score FROM catalogue.anime a WHERE a.id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async summariesByIds(ids: number[]): Promise<AnimeSummaryRow[]> {
    if (ids.length === 0) return [];
    const rows: AnimeSummaryRow[] = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM catalogue.anime a WHERE a.id = ANY($1::int[]) AND NOT a.adult`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  }

  /** Each requested id that is a catalogue id, else a Shikimori id (the canonical row first), with its row. */
  refsByIdsOrShikiIds(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<Array<AnimeSummaryRow & { requested: number }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return manager.query(
      `SELECT DISTINCT ON (r.requested) r.requested, ${SUMMARY_COLUMNS}
       FROM unnest($1::int[]) AS r(requested) JOIN catalogue.anime a ON a.id = r.requested OR a.id_shiki = r.requested
       ORDER BY r.requested, (a.id = r.requested) DESC, a.id`,
      [ids],
    );
  }

  async genreCounts(): Promise<Map<string, number>> {
    const rows: Array<{ genre: string; count: number }> = await this.dataSource.query(
      `SELECT genre, count(*)::int AS count FROM catalogue.anime, unnest(genres) AS genre WHERE NOT adult GROUP BY genre`,
    );
    return new Map(rows.map((row) => [row.genre, row.count]));
  }

  async existingIds(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(`SELECT id FROM catalogue.anime WHERE id = ANY($1::int[])`, [ids]);
    return rows.map((row) => row.id);
  }

  async charactersOf(animeId: number): Promise<
    Array<{ id: number; name: string; name_ru: string | null; image: string | null; role: 'main' | 'supporting'; seiyuu: Array<{ id: number; name: string; name_ru: string | null; image: string | null }> }>
  > {
    return this.dataSource.query(
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
    const [row] = await manager.query(
      `INSERT INTO catalogue.anime (${names.map((name) => `"${name}"`).join(', ')})
       VALUES (${names.map((name, index) => `$${index + 1}${castOf(name)}`).join(', ')}) RETURNING id`,
      names.map((name) => serialise(columns[name])),
    );
    return row.id;
  }

  /** Writes the given columns and locks them against the next import. */
  async update(manager: EntityManager, id: number, columns: Record<string, unknown>): Promise<boolean> {
    const names = Object.keys(columns);
    const assignments = names.map((name, index) => `"${name}" = $${index + 2}${castOf(name)}`);
    // TypeORM answers UPDATE and DELETE with [rows, affected count].
    const [rows]: [Array<{ id: number }>, number] = await manager.query(
      `UPDATE catalogue.anime SET ${[...assignments, `locked_fields = ARRAY(SELECT DISTINCT unnest(locked_fields || $${names.length + 2}::text[]))`, 'updated_at = now()'].join(', ')}
       WHERE id = $1 RETURNING id`,
      [id, ...names.map((name) => serialise(columns[name])), names],
    );
    return rows.length > 0;
  }

  /** Returns the deleted row; null when there was none. */
  async delete(manager: EntityManager, id: number): Promise<AnimeRow | null> {
    const [rows]: [AnimeRow[], number] = await manager.query(`DELETE FROM catalogue.anime a WHERE a.id = $1 RETURNING a.*, a.score::float8 AS score`, [id]);
    return rows[0] ?? null;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}

const JSON_COLUMNS = new Set(['videos', 'external_ids']);
const castOf = (column: string) => (JSON_COLUMNS.has(column) ? '::jsonb' : '');
const serialise = (value: unknown) => (Array.isArray(value) && value.some((item) => typeof item === 'object') ? JSON.stringify(value) : value);
