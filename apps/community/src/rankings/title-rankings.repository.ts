import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, selectRows } from '@portal/db';
import type { TitleScoreDelta } from './ranking-deltas';

/** A title on one of the lists: its average score (or viewers) and how many scored (or watched) it. */
export const TitleRankRow = z.object({
  anime_id: z.number().int(),
  title: z.string(),
  poster: z.string(),
  fallback_poster: z.string(),
  value: z.number(),
  votes: z.number().int(),
});
export type TitleRankRow = z.output<typeof TitleRankRow>;

/** The title lists' read model: each title's scores by our users, and who watched it lately. */
@Injectable()
export class TitleRankingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds atomically; titles in id order, so concurrent imports lock shared rows in one order. */
  async addScores(manager: EntityManager, deltas: TitleScoreDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const sorted = [...deltas].sort((a, b) => a.animeId - b.animeId);
    await execute(
      manager,
      `INSERT INTO community.title_rating_stats AS s (anime_id, votes, total)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[])
       ON CONFLICT (anime_id) DO UPDATE SET votes = s.votes + excluded.votes, total = s.total + excluded.total`,
      [sorted.map((delta) => delta.animeId), sorted.map((delta) => delta.votes), sorted.map((delta) => delta.total)],
    );
  }

  /** Titles with at least `minVotes` scores, by average, then by votes. */
  topRated(minVotes: number, limit: number): Promise<TitleRankRow[]> {
    return selectRows(
      this.dataSource,
      TitleRankRow,
      `SELECT r.id AS anime_id, r.title, r.poster, r.fallback_poster, round(s.total::numeric / s.votes, 2)::float8 AS value, s.votes
       FROM community.title_rating_stats s JOIN community.anime_refs r ON r.id = s.anime_id
       WHERE s.votes >= $1
       ORDER BY s.total::numeric / s.votes DESC, s.votes DESC, r.id LIMIT $2`,
      [minVotes, limit],
    );
  }

  /** Titles by how many users watched them in the last `days` UTC days (today included). */
  mostWatched(days: number, limit: number): Promise<TitleRankRow[]> {
    return selectRows(
      this.dataSource,
      TitleRankRow,
      `SELECT r.id AS anime_id, r.title, r.poster, r.fallback_poster, w.viewers AS value, w.viewers AS votes
       FROM (
         SELECT anime_id, count(*)::int AS viewers FROM community.title_viewers
         WHERE watched_on > (now() AT TIME ZONE 'UTC')::date - $1::int
         GROUP BY anime_id ORDER BY viewers DESC, anime_id LIMIT $2
       ) w JOIN community.anime_refs r ON r.id = w.anime_id
       ORDER BY w.viewers DESC, r.id`,
      [days, limit],
    );
  }
}
