import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { LIST_STATUSES, RATING_MAX } from '@portal/contracts';
import { execute, selectRow } from '@portal/db';
import type { StatsDelta } from './list-stats-deltas';

const SCORE_COLUMNS = Array.from({ length: RATING_MAX }, (_, index) => `score_${index + 1}`);
const COUNTER_COLUMNS = [...LIST_STATUSES, ...SCORE_COLUMNS];

/** `SELECT *` of anime_list_stats: a count per list status and per score (`score_1`…), read by column name. */
export const ListStatsRow = z.object({ anime_id: z.number().int(), updated_at: z.date() }).catchall(z.number().int());
export type ListStatsRow = z.output<typeof ListStatsRow>;

@Injectable()
export class AnimeStatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(animeId: number): Promise<ListStatsRow | null> {
    return selectRow(this.dataSource, ListStatsRow, `SELECT * FROM catalogue.anime_list_stats WHERE anime_id = $1`, [animeId]);
  }

  /** Adds the deltas in the caller's transaction: one multi-row upsert, titles in id order (no deadlocks). */
  async add(manager: EntityManager, deltas: StatsDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const sorted = [...deltas].sort((a, b) => a.animeId - b.animeId);
    const width = COUNTER_COLUMNS.length + 1;
    const params = sorted.flatMap((delta) => [delta.animeId, ...LIST_STATUSES.map((status) => delta.statuses[status]), ...delta.scores]);
    const values = sorted.map((_, row) => `(${Array.from({ length: width }, (__, column) => `$${row * width + column + 1}::int`).join(', ')})`);
    await execute(
      manager,
      `INSERT INTO catalogue.anime_list_stats AS s (anime_id, ${COUNTER_COLUMNS.join(', ')})
       VALUES ${values.join(', ')}
       ON CONFLICT (anime_id) DO UPDATE SET ${COUNTER_COLUMNS.map((column) => `${column} = s.${column} + excluded.${column}`).join(', ')}, updated_at = now()`,
      params,
    );
  }
}
