import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';

/** What the listeners remember to decide rewards: watched episodes and days, completed titles, list sizes. */
@Injectable()
export class EconomyRepository {
  /** True the first time a user's episode of a title is counted. */
  async watched(manager: EntityManager, userId: string, animeId: number, episode: number): Promise<boolean> {
    const rows = await selectRows(
      manager,
      z.object({ episode: z.number().int() }),
      `INSERT INTO "rewards"."watched_episodes" ("user_id", "anime_id", "episode") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING "episode"`,
      [userId, animeId, episode],
    );
    return rows.length > 0;
  }

  /** The user's count of episodes watched, after adding one (the account row must exist: PointsLedger.earn made it). */
  async countEpisode(manager: EntityManager, userId: string): Promise<number> {
    const row = existingRow(
      await selectRow(
        manager,
        z.object({ episodes: z.number().int() }),
        returning(`UPDATE "rewards"."point_accounts" SET "episodes" = "episodes" + 1 WHERE "user_id" = $1 RETURNING "episodes"`),
        [userId],
      ),
      `no points account of user ${userId} to count an episode on`,
    );
    return row.episodes;
  }

  /** Records a day watched and returns the days in a row ending with it, up to `max`. */
  async watchDay(manager: EntityManager, userId: string, day: string, max: number): Promise<number> {
    await execute(manager, `INSERT INTO "rewards"."watch_days" ("user_id", "day") VALUES ($1, $2::date) ON CONFLICT DO NOTHING`, [userId, day]);
    const rows = await selectRows(
      manager,
      z.object({ day: z.string() }),
      `SELECT to_char("day", 'YYYY-MM-DD') AS day FROM "rewards"."watch_days" WHERE "user_id" = $1 AND "day" <= $2::date AND "day" > $2::date - $3::int ORDER BY "day" DESC`,
      [userId, day, max],
    );
    let streak = 0;
    const expected = new Date(`${day}T00:00:00Z`);
    for (const row of rows) {
      if (row.day !== expected.toISOString().slice(0, 10)) break;
      streak += 1;
      expected.setUTCDate(expected.getUTCDate() - 1);
    }
    return streak;
  }

  /** Adds titles to the user's completed ones; returns those completed for the first time. */
  async completed(manager: EntityManager, userId: string, animeIds: number[]): Promise<number[]> {
    if (animeIds.length === 0) return [];
    const rows = await selectRows(
      manager,
      z.object({ anime_id: z.number().int() }),
      `INSERT INTO "rewards"."completed_titles" ("user_id", "anime_id") SELECT $1, unnest($2::int[]) ORDER BY 2 ON CONFLICT DO NOTHING RETURNING "anime_id"`,
      [userId, animeIds],
    );
    return rows.map((row) => row.anime_id);
  }

  /** The user's completed titles per genre, for the genres given. */
  async completedByGenre(manager: EntityManager, userId: string, genres: string[]): Promise<Array<{ genre: string; titles: number }>> {
    if (genres.length === 0) return [];
    return selectRows(
      manager,
      z.object({ genre: z.string(), titles: z.number().int() }),
      `SELECT g.genre, count(*)::int AS titles
       FROM "rewards"."completed_titles" c JOIN "rewards"."title_genres" t ON t."anime_id" = c."anime_id"
       CROSS JOIN LATERAL unnest(t."genres") AS g(genre)
       WHERE c."user_id" = $1 AND g.genre = ANY($2::text[]) GROUP BY g.genre`,
      [userId, genres],
    );
  }

  async genresOf(manager: EntityManager, animeIds: number[]): Promise<string[]> {
    if (animeIds.length === 0) return [];
    const rows = await selectRows(
      manager,
      z.object({ genre: z.string() }),
      `SELECT DISTINCT unnest("genres") AS genre FROM "rewards"."title_genres" WHERE "anime_id" = ANY($1::int[])`,
      [animeIds],
    );
    return rows.map((row) => row.genre);
  }

  /** Moves the user's list size by `delta` (locked on the row) and returns the new size. */
  async resizeList(manager: EntityManager, userId: string, delta: number): Promise<number> {
    const row = existingRow(
      await selectRow(
        manager,
        z.object({ size: z.number().int() }),
        `INSERT INTO "rewards"."list_sizes" AS s ("user_id", "size") VALUES ($1, GREATEST($2::int, 0))
       ON CONFLICT ("user_id") DO UPDATE SET "size" = GREATEST(s."size" + $2::int, 0) RETURNING "size"`,
        [userId, delta],
      ),
      `no list size of user ${userId} after an upsert`,
    );
    return row.size;
  }
}
