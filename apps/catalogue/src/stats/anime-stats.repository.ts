import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LIST_STATUSES, RATING_MAX, type ListStatus } from '@portal/contracts';
import type { StatsDelta } from './list-stats-deltas';

const SCORE_COLUMNS = Array.from({ length: RATING_MAX }, (_, index) => `score_${index + 1}`);
const COUNTER_COLUMNS = [...LIST_STATUSES, ...SCORE_COLUMNS];

export type ListStatsRow = Record<ListStatus, number> & Record<string, number> & { anime_id: number };

@Injectable()
export class AnimeStatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(animeId: number): Promise<ListStatsRow | null> {
    const rows: ListStatsRow[] = await this.dataSource.query(`SELECT * FROM catalogue.anime_list_stats WHERE anime_id = $1`, [animeId]);
    return rows[0] ?? null;
  }

  /** Adds the deltas in the caller's transaction: one multi-row upsert, titles in id order (no deadlocks). */
  async add(manager: EntityManager, deltas: StatsDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const sorted = [...deltas].sort((a, b) => a.animeId - b.animeId);
    const width = COUNTER_COLUMNS.length + 1;
    const params = sorted.flatMap((delta) => [delta.animeId, ...LIST_STATUSES.map((status) => delta.statuses[status]), ...delta.scores]);
    const values = sorted.map((_, row) => `(${Array.from({ length: width }, (__, column) => `$${row * width + column + 1}::int`).join(', ')})`);
    await manager.query(
      `INSERT INTO catalogue.anime_list_stats AS s (anime_id, ${COUNTER_COLUMNS.join(', ')})
       VALUES ${values.join(', ')}
       ON CONFLICT (anime_id) DO UPDATE SET ${COUNTER_COLUMNS.map((column) => `${column} = s.${column} + excluded.${column}`).join(', ')}, updated_at = now()`,
      params,
    );
  }
}
