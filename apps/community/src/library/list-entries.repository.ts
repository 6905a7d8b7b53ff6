import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { LIST_STATUSES, type ListCounts, type ListStatus } from '@portal/contracts';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';
import { AnimeRefRow } from '../anime-refs/anime-refs.repository';
import type { EntryState } from './list-transitions';

/** A list entry, as every read selects it (ENTRY_COLUMNS). */
export const EntryRow = z.object({
  user_id: z.string(),
  anime_id: z.number().int(),
  status: z.enum(LIST_STATUSES),
  progress: z.number().int(),
  user_rating: z.number().int().nullable(),
  watched_episodes: z.array(z.number().int()),
  rewatches: z.number().int(),
  updated_at: z.date(),
});
export type EntryRow = z.output<typeof EntryRow>;

/** An entry with its title's copy, as `WITH_REF` reads it. */
export const EntryWithRefRow = EntryRow.extend({ ref: AnimeRefRow });
export type EntryWithRefRow = z.output<typeof EntryWithRefRow>;

const ENTRY_COLUMNS = 'e.user_id, e.anime_id, e.status, e.progress, e.user_rating, e.watched_episodes, e.rewatches, e.updated_at';
const WITH_REF = `${ENTRY_COLUMNS}, row_to_json(r) AS ref`;

export const stateOf = (row: EntryRow): EntryState => ({
  status: row.status,
  progress: row.progress,
  watchedEpisodes: row.watched_episodes,
  rewatches: row.rewatches,
});

/** Imported values of one entry; the rating is left alone when null. */
export interface ImportedEntry extends EntryState {
  animeId: number;
  userRating: number | null;
}

@Injectable()
export class ListEntriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Locks the entry until the transaction ends: concurrent changes of one entry queue up. */
  async lock(manager: EntityManager, userId: string, animeId: number): Promise<EntryRow | null> {
    return selectRow(manager, EntryRow, `SELECT ${ENTRY_COLUMNS} FROM community.list_entries e WHERE e.user_id = $1 AND e.anime_id = $2 FOR UPDATE`, [
      userId,
      animeId,
    ]);
  }

  /** Null when another transaction inserted the entry first (lock it and apply on top). */
  async insert(manager: EntityManager, userId: string, animeId: number, state: EntryState, userRating: number | null = null): Promise<EntryRow | null> {
    return selectRow(
      manager,
      EntryRow,
      `INSERT INTO community.list_entries AS e (user_id, anime_id, status, progress, watched_episodes, rewatches, user_rating)
       VALUES ($1, $2, $3, $4, $5::int[], $6, $7) ON CONFLICT (user_id, anime_id) DO NOTHING RETURNING ${ENTRY_COLUMNS}`,
      [userId, animeId, state.status, state.progress, state.watchedEpisodes, state.rewatches, userRating],
    );
  }

  async update(manager: EntityManager, userId: string, animeId: number, state: EntryState): Promise<EntryRow> {
    const row = await selectRow(
      manager,
      EntryRow,
      returning(`UPDATE community.list_entries e SET status = $3, progress = $4, watched_episodes = $5::int[], rewatches = $6, updated_at = now()
       WHERE e.user_id = $1 AND e.anime_id = $2 RETURNING ${ENTRY_COLUMNS}`),
      [userId, animeId, state.status, state.progress, state.watchedEpisodes, state.rewatches],
    );
    return existingRow(row, 'the locked list entry');
  }

  async setRating(manager: EntityManager, userId: string, animeId: number, rating: number): Promise<EntryRow> {
    const row = await selectRow(
      manager,
      EntryRow,
      returning(`UPDATE community.list_entries e SET user_rating = $3, updated_at = now() WHERE e.user_id = $1 AND e.anime_id = $2 RETURNING ${ENTRY_COLUMNS}`),
      [userId, animeId, rating],
    );
    return existingRow(row, 'the locked list entry');
  }

  async delete(manager: EntityManager, userId: string, animeId: number): Promise<EntryRow | null> {
    return selectRow(manager, EntryRow, returning(`DELETE FROM community.list_entries e WHERE e.user_id = $1 AND e.anime_id = $2 RETURNING ${ENTRY_COLUMNS}`), [
      userId,
      animeId,
    ]);
  }

  /** Everyone who has the title in the list `status`. */
  async userIdsWithStatus(manager: EntityManager, animeId: number, status: ListStatus): Promise<string[]> {
    const rows = await selectRows(
      manager,
      z.object({ user_id: z.string() }),
      `SELECT user_id FROM community.list_entries WHERE anime_id = $1 AND status = $2 ORDER BY user_id`,
      [animeId, status],
    );
    return rows.map((row) => row.user_id);
  }

  async find(userId: string, animeId: number): Promise<EntryWithRefRow | null> {
    return selectRow(
      this.dataSource,
      EntryWithRefRow,
      `SELECT ${WITH_REF} FROM community.list_entries e JOIN community.anime_refs r ON r.id = e.anime_id WHERE e.user_id = $1 AND e.anime_id = $2`,
      [userId, animeId],
    );
  }

  /** One page of a list, most recently changed first. */
  async page(userId: string, status: ListStatus | undefined, offset: number, limit: number): Promise<EntryWithRefRow[]> {
    return selectRows(
      this.dataSource,
      EntryWithRefRow,
      `SELECT ${WITH_REF} FROM community.list_entries e JOIN community.anime_refs r ON r.id = e.anime_id
       WHERE e.user_id = $1 AND ($2::text IS NULL OR e.status = $2) ORDER BY e.updated_at DESC, e.anime_id LIMIT $3 OFFSET $4`,
      [userId, status ?? null, limit, offset],
    );
  }

  async all(userId: string): Promise<EntryWithRefRow[]> {
    return selectRows(
      this.dataSource,
      EntryWithRefRow,
      `SELECT ${WITH_REF} FROM community.list_entries e JOIN community.anime_refs r ON r.id = e.anime_id WHERE e.user_id = $1 ORDER BY e.anime_id`,
      [userId],
    );
  }

  async counts(userId: string): Promise<Partial<ListCounts>> {
    const rows = await selectRows(
      this.dataSource,
      z.object({ status: z.enum(LIST_STATUSES), count: z.number().int() }),
      `SELECT status, count(*)::int AS count FROM community.list_entries WHERE user_id = $1 GROUP BY status`,
      [userId],
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  }

  /** The portal's viewers' average score of a title and how many rated it. */
  async ratingSummary(animeId: number, manager: EntityManager = this.dataSource.manager): Promise<{ average: number; votes: number }> {
    const row = await selectRow(
      manager,
      z.object({ average: z.number().nullable(), votes: z.number().int() }),
      `SELECT avg(user_rating)::float8 AS average, count(*)::int AS votes FROM community.list_entries WHERE anime_id = $1 AND user_rating IS NOT NULL`,
      [animeId],
    );
    const average = row?.average ?? null;
    return { average: average === null ? 0 : Math.round(average * 100) / 100, votes: row?.votes ?? 0 };
  }

  /** Locks the user's entries for these titles (id order: no deadlock with another import). */
  async lockMany(manager: EntityManager, userId: string, animeIds: number[]): Promise<EntryRow[]> {
    return selectRows(
      manager,
      EntryRow,
      `SELECT ${ENTRY_COLUMNS} FROM community.list_entries e WHERE e.user_id = $1 AND e.anime_id = ANY($2::int[]) ORDER BY e.anime_id FOR UPDATE`,
      [userId, animeIds],
    );
  }

  /** Writes imported entries in one statement: new ones inserted, existing ones overwritten (watched episodes kept, unless the file starts a rewatch). */
  async upsertMany(manager: EntityManager, userId: string, entries: ImportedEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await execute(
      manager,
      `INSERT INTO community.list_entries AS e (user_id, anime_id, status, progress, rewatches, user_rating, watched_episodes)
       SELECT $1, anime_id, status, progress, rewatches, user_rating, '{}'
       FROM unnest($2::int[], $3::text[], $4::int[], $5::int[], $6::smallint[]) AS t(anime_id, status, progress, rewatches, user_rating)
       ON CONFLICT (user_id, anime_id) DO UPDATE SET status = excluded.status, progress = excluded.progress, rewatches = excluded.rewatches,
         user_rating = coalesce(excluded.user_rating, e.user_rating), updated_at = now(),
         -- A rewatch the file starts begins a new pass, as on the list page (list-transitions.ts, startRewatch).
         watched_episodes = CASE WHEN excluded.status = 'rewatching' AND e.status <> 'rewatching' THEN '{}' ELSE e.watched_episodes END`,
      [
        userId,
        entries.map((entry) => entry.animeId),
        entries.map((entry) => entry.status),
        entries.map((entry) => entry.progress),
        entries.map((entry) => entry.rewatches),
        entries.map((entry) => entry.userRating),
      ],
    );
  }
}
