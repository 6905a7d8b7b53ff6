import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';

/** An AMV as every read selects it (COLUMNS). */
export const AmvRow = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  anime_ids: z.array(z.number().int()),
  music_artist: z.string().nullable(),
  music_track: z.string().nullable(),
  duration_seconds: z.number().int(),
  tags: z.array(z.string()),
  views: z.number().int(),
  likes: z.number().int(),
  upload_id: z.string().nullable(),
  hls_path: z.string().nullable(),
  embed_url: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type AmvRow = z.output<typeof AmvRow>;

const IdRow = z.object({ id: z.string() });
const AmvIdRow = z.object({ amv_id: z.string() });

/** The columns a write sets; `sort_title`, `letter` and `search_text` are derived by the service. */
export interface AmvFields {
  title: string;
  sortTitle: string;
  letter: string | null;
  author: string;
  animeIds: number[];
  musicArtist: string | null;
  musicTrack: string | null;
  durationSeconds: number;
  tags: string[];
  uploadId: string | null;
  embedUrl: string | null;
  searchText: string;
}

export interface AmvFilter {
  letter?: string;
  /** Normalised search text (see normalizeSearch). */
  search?: string;
}

const COLUMNS = `a.id, a.title, a.author, a.anime_ids, a.music_artist, a.music_track, a.duration_seconds, a.tags, a.views, a.likes,
  a.upload_id, a.hls_path, a.embed_url, a.created_at, a.updated_at`;
/** The listing's order: title (byte order, so digits, Latin, Cyrillic), then id. */
const ORDER = `a.sort_title COLLATE "C", a.id`;
/** How alike a typed word must be to a word of the title, author, music or tags (pg_trgm word similarity). */
const WORD_SIMILARITY = 0.4;

/** The parameters $1…$13 of an insert: the id, then the fields in the column order of both inserts. */
const insertedValues = (id: string, fields: AmvFields): unknown[] => [
  id,
  fields.title,
  fields.sortTitle,
  fields.letter,
  fields.author,
  fields.animeIds,
  fields.musicArtist,
  fields.musicTrack,
  fields.durationSeconds,
  fields.tags,
  fields.uploadId,
  fields.embedUrl,
  fields.searchText,
];

@Injectable()
export class AmvRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The WHERE of a filtered listing, its parameters starting at `$first`. */
  private where(filter: AmvFilter, first: number): { sql: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.letter) {
      params.push(filter.letter);
      clauses.push(`a.letter = $${first + params.length - 1}`);
    }
    if (filter.search) {
      params.push(filter.search);
      const n = first + params.length - 1;
      clauses.push(`(a.search_text LIKE '%' || $${n} || '%' OR word_similarity($${n}, a.search_text) >= ${WORD_SIMILARITY})`);
    }
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }

  async page(filter: AmvFilter, offset: number, limit: number): Promise<{ rows: AmvRow[]; total: number }> {
    const where = this.where(filter, 3);
    const counted = this.where(filter, 1);
    const [rows, count] = await Promise.all([
      selectRows(this.dataSource, AmvRow, `SELECT ${COLUMNS} FROM community.amv a ${where.sql} ORDER BY ${ORDER} LIMIT $1 OFFSET $2`, [
        limit,
        offset,
        ...where.params,
      ]),
      selectRow(this.dataSource, z.object({ total: z.number().int() }), `SELECT count(*)::int AS total FROM community.amv a ${counted.sql}`, counted.params),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /** Search hits, closest first (then the listing's order). */
  search(search: string, limit: number): Promise<AmvRow[]> {
    return selectRows(
      this.dataSource,
      AmvRow,
      `SELECT ${COLUMNS} FROM community.amv a
       WHERE a.search_text LIKE '%' || $1 || '%' OR word_similarity($1, a.search_text) >= ${WORD_SIMILARITY}
       ORDER BY (a.search_text LIKE '%' || $1 || '%') DESC, word_similarity($1, a.search_text) DESC, ${ORDER} LIMIT $2`,
      [search, limit],
    );
  }

  top(order: 'views' | 'likes', limit: number): Promise<AmvRow[]> {
    const second = order === 'views' ? 'likes' : 'views';
    return selectRows(this.dataSource, AmvRow, `SELECT ${COLUMNS} FROM community.amv a ORDER BY a.${order} DESC, a.${second} DESC, ${ORDER} LIMIT $1`, [limit]);
  }

  async find(id: string, manager?: EntityManager): Promise<AmvRow | null> {
    return selectRow(manager ?? this.dataSource, AmvRow, `SELECT ${COLUMNS} FROM community.amv a WHERE a.id = $1`, [id]);
  }

  findMany(ids: string[]): Promise<AmvRow[]> {
    return ids.length ? selectRows(this.dataSource, AmvRow, `SELECT ${COLUMNS} FROM community.amv a WHERE a.id = ANY($1::uuid[])`, [ids]) : Promise.resolve([]);
  }

  /** The neighbours of an AMV in the filtered listing's order (it need not match the filter itself). */
  async adjacent(id: string, filter: AmvFilter): Promise<{ previous: AmvRow | null; next: AmvRow | null }> {
    const where = this.where(filter, 2);
    const and = where.sql ? `${where.sql} AND` : 'WHERE';
    const self = `(SELECT sort_title FROM community.amv WHERE id = $1)`;
    const previous = await selectRow(
      this.dataSource,
      AmvRow,
      `SELECT ${COLUMNS} FROM community.amv a ${and} (a.sort_title COLLATE "C", a.id) < (${self} COLLATE "C", $1::uuid)
       ORDER BY a.sort_title COLLATE "C" DESC, a.id DESC LIMIT 1`,
      [id, ...where.params],
    );
    const next = await selectRow(
      this.dataSource,
      AmvRow,
      `SELECT ${COLUMNS} FROM community.amv a ${and} (a.sort_title COLLATE "C", a.id) > (${self} COLLATE "C", $1::uuid) ORDER BY ${ORDER} LIMIT 1`,
      [id, ...where.params],
    );
    return { previous, next };
  }

  async insert(manager: EntityManager, id: string, fields: AmvFields, createdBy: string): Promise<AmvRow> {
    await execute(
      manager,
      `INSERT INTO community.amv (id, title, sort_title, letter, author, anime_ids, music_artist, music_track, duration_seconds, tags, upload_id, embed_url, search_text, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [...insertedValues(id, fields), createdBy],
    );
    return existingRow(await this.find(id, manager), `AMV ${id}`);
  }

  /**
   * A sample AMV (a fixed id), only the first time that id is offered: one an admin deleted since stays
   * deleted. Answers whether it was added.
   */
  async insertSample(manager: EntityManager, id: string, fields: AmvFields): Promise<boolean> {
    const registered = await selectRows(manager, IdRow, `INSERT INTO community.amv_samples (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id`, [id]);
    if (registered.length === 0) return false;
    const rows = await selectRows(
      manager,
      IdRow,
      `INSERT INTO community.amv (id, title, sort_title, letter, author, anime_ids, music_artist, music_track, duration_seconds, tags, upload_id, embed_url, search_text)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING RETURNING id`,
      insertedValues(id, fields),
    );
    return rows.length > 0;
  }

  /** Replaces every field; a changed upload drops the old HLS rendition (the new one is queued). */
  async update(manager: EntityManager, id: string, fields: AmvFields): Promise<AmvRow | null> {
    const rows = await selectRows(
      manager,
      IdRow,
      returning(`UPDATE community.amv SET title = $2, sort_title = $3, letter = $4, author = $5, anime_ids = $6, music_artist = $7, music_track = $8,
         duration_seconds = $9, tags = $10, hls_path = CASE WHEN upload_id IS NOT DISTINCT FROM $11 THEN hls_path END, upload_id = $11, embed_url = $12,
         search_text = $13, updated_at = now() WHERE id = $1 RETURNING id`),
      insertedValues(id, fields),
    );
    return rows.length ? this.find(id, manager) : null;
  }

  async lock(manager: EntityManager, id: string): Promise<AmvRow | null> {
    return selectRow(manager, AmvRow, `SELECT ${COLUMNS} FROM community.amv a WHERE a.id = $1 FOR UPDATE`, [id]);
  }

  /** The deleted row; null when there was none. */
  async remove(manager: EntityManager, id: string): Promise<AmvRow | null> {
    return selectRow(manager, AmvRow, returning(`DELETE FROM community.amv a WHERE a.id = $1 RETURNING ${COLUMNS}`), [id]);
  }

  /** Every AMV of an upload gets its HLS rendition. */
  async setHls(uploadId: string, hlsPath: string): Promise<number> {
    const rows = await selectRows(
      this.dataSource,
      IdRow,
      returning(`UPDATE community.amv SET hls_path = $2 WHERE upload_id = $1 AND hls_path IS DISTINCT FROM $2 RETURNING id`),
      [uploadId, hlsPath],
    );
    return rows.length;
  }

  /** Likes a once; answers the counter and whether this call added the like. */
  async like(manager: EntityManager, amvId: string, userId: string): Promise<number> {
    const inserted = await selectRows(
      manager,
      AmvIdRow,
      `INSERT INTO community.amv_likes (amv_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING amv_id`,
      [amvId, userId],
    );
    return this.bump(manager, amvId, 'likes', inserted.length);
  }

  async unlike(manager: EntityManager, amvId: string, userId: string): Promise<number> {
    const removed = await selectRows(manager, AmvIdRow, returning(`DELETE FROM community.amv_likes WHERE amv_id = $1 AND user_id = $2 RETURNING amv_id`), [
      amvId,
      userId,
    ]);
    return this.bump(manager, amvId, 'likes', -removed.length);
  }

  async addView(amvId: string): Promise<number | null> {
    const row = await selectRow(
      this.dataSource,
      z.object({ views: z.number().int() }),
      returning(`UPDATE community.amv SET views = views + 1 WHERE id = $1 RETURNING views`),
      [amvId],
    );
    return row?.views ?? null;
  }

  private async bump(manager: EntityManager, amvId: string, column: 'likes', by: number): Promise<number> {
    const row = await selectRow(
      manager,
      z.object({ likes: z.number().int() }),
      returning(`UPDATE community.amv SET ${column} = ${column} + $2 WHERE id = $1 RETURNING ${column}`),
      [amvId, by],
    );
    return row?.[column] ?? 0;
  }

  /** Which of `amvIds` the user liked. */
  async likedBy(userId: string, amvIds: string[]): Promise<Set<string>> {
    if (!amvIds.length) return new Set();
    const rows = await selectRows(this.dataSource, AmvIdRow, `SELECT amv_id FROM community.amv_likes WHERE user_id = $1 AND amv_id = ANY($2::uuid[])`, [
      userId,
      amvIds,
    ]);
    return new Set(rows.map((row) => row.amv_id));
  }

  // The playlist.

  async playlistIds(userId: string, manager?: EntityManager): Promise<string[]> {
    const rows = await selectRows(
      manager ?? this.dataSource,
      AmvIdRow,
      `SELECT amv_id FROM community.amv_playlist WHERE user_id = $1 ORDER BY position, added_at`,
      [userId],
    );
    return rows.map((row) => row.amv_id);
  }

  /** Serialises one user's playlist changes (a transaction-scoped advisory lock on the user). */
  async lockPlaylist(manager: EntityManager, userId: string): Promise<void> {
    await execute(manager, `SELECT pg_advisory_xact_lock(hashtext('amv_playlist:' || $1))`, [userId]);
  }

  async playlistAppend(manager: EntityManager, userId: string, amvId: string): Promise<boolean> {
    const rows = await selectRows(
      manager,
      AmvIdRow,
      `INSERT INTO community.amv_playlist (user_id, amv_id, position)
       VALUES ($1, $2, (SELECT coalesce(max(position), -1) + 1 FROM community.amv_playlist WHERE user_id = $1))
       ON CONFLICT DO NOTHING RETURNING amv_id`,
      [userId, amvId],
    );
    return rows.length > 0;
  }

  async playlistRemove(manager: EntityManager, userId: string, amvId: string): Promise<boolean> {
    const rows = await selectRows(manager, AmvIdRow, returning(`DELETE FROM community.amv_playlist WHERE user_id = $1 AND amv_id = $2 RETURNING amv_id`), [
      userId,
      amvId,
    ]);
    return rows.length > 0;
  }

  async playlistOrder(manager: EntityManager, userId: string, ids: string[]): Promise<void> {
    await execute(
      manager,
      `UPDATE community.amv_playlist p SET position = o.position - 1
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(amv_id, position) WHERE p.user_id = $1 AND p.amv_id = o.amv_id`,
      [userId, ids],
    );
  }
}
