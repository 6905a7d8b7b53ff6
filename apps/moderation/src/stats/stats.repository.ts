import { Injectable } from '@nestjs/common';
import { type StatsMetric, statsDayOf } from '@portal/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, selectRows } from '@portal/db';

/** The daily counters of the site statistics (`moderation.stats_daily`). */
@Injectable()
export class StatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds one to the metric's counter of the day of `at`, in the caller's transaction. */
  async increment(manager: EntityManager, metric: StatsMetric, at: Date | string): Promise<void> {
    await execute(
      manager,
      `INSERT INTO moderation.stats_daily (day, metric, value) VALUES ($1::date, $2, 1)
       ON CONFLICT (day, metric) DO UPDATE SET value = moderation.stats_daily.value + 1`,
      [statsDayOf(at), metric],
    );
  }

  /** Every counter of the days from `from` to `to` (YYYY-MM-DD, inclusive); a missing row is a zero. */
  async range(from: string, to: string): Promise<Array<{ day: string; metric: string; value: number }>> {
    const rows = await selectRows(
      this.dataSource,
      z.object({ day: z.string(), metric: z.string(), value: z.string() }),
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, value FROM moderation.stats_daily WHERE day BETWEEN $1::date AND $2::date`,
      [from, to],
    );
    return rows.map((row) => ({ day: row.day, metric: row.metric, value: Number(row.value) }));
  }
}
