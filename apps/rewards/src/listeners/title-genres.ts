import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { ErrorCode } from '@portal/contracts';
import { execute, selectRows } from '@portal/db';
import { RemoteServiceError, RpcClient } from '@portal/messaging';

/** Lookups at a time when an import completes many titles. */
const LOOKUPS_AT_ONCE = 8;
/** Titles of earlier completions whose genres are looked up again with a new completion. */
export const GENRE_RETRIES = 50;

/** A title named by its id alone. */
const AnimeIdRow = z.object({ anime_id: z.number().int() });

/** Genres the catalogue named, by title, looked up before the event's transaction opened. */
export type LookedUpGenres = ReadonlyMap<number, string[]>;

/**
 * Each completed title's genres, asked of the catalogue once and kept (title events carry no genres):
 * the genre achievements count a user's completed titles per genre from this copy.
 *
 * The catalogue is asked before the event's transaction opens (`lookUp`, the listener's `prepare`),
 * never inside it (docs/architecture.md, «No remote call inside a transaction»); the transaction
 * stores what was found (`store`).
 */
@Injectable()
export class TitleGenres {
  private readonly logger = new Logger(TitleGenres.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Outside any transaction: the genres of the titles this event's completions may need, those the
   * user completes for the first time and earlier completed titles whose lookup failed (up to
   * GENRE_RETRIES), skipping titles whose genres are kept. A title the catalogue no longer has gets
   * none; a title the catalogue could not be asked about now is left out (the points are not held up by
   * it) and asked again with the user's next completion.
   */
  async lookUp(userId: string, completions: number[]): Promise<LookedUpGenres> {
    const found = new Map<number, string[]>();
    if (completions.length === 0) return found;
    const reader = this.dataSource.manager;
    const done = await selectRows(
      reader,
      AnimeIdRow,
      `SELECT "anime_id" FROM "rewards"."completed_titles" WHERE "user_id" = $1 AND "anime_id" = ANY($2::int[])`,
      [userId, completions],
    );
    const completedBefore = new Set(done.map((row) => row.anime_id));
    const firstTime = [...new Set(completions)].filter((id) => !completedBefore.has(id));
    // As the transaction would decide: no first completion, nothing to count and nothing to ask.
    if (firstTime.length === 0) return found;
    const titles = [...new Set([...firstTime, ...(await this.missingOf(reader, userId, GENRE_RETRIES))])];
    const known = await selectRows(reader, AnimeIdRow, `SELECT "anime_id" FROM "rewards"."title_genres" WHERE "anime_id" = ANY($1::int[])`, [titles]);
    const have = new Set(known.map((row) => row.anime_id));
    const missing = titles.filter((id) => !have.has(id));
    for (let start = 0; start < missing.length; start += LOOKUPS_AT_ONCE) {
      const batch = missing.slice(start, start + LOOKUPS_AT_ONCE);
      const looked = await Promise.all(batch.map(async (id) => ({ id, genres: await this.lookup(id) })));
      for (const title of looked) if (title.genres !== null) found.set(title.id, title.genres);
    }
    return found;
  }

  /** In the event's transaction: keeps the genres looked up before it (a title kept meanwhile stays as it is). */
  async store(manager: EntityManager, genres: LookedUpGenres): Promise<void> {
    if (genres.size === 0) return;
    await execute(
      manager,
      `INSERT INTO "rewards"."title_genres" ("anime_id", "genres")
       SELECT t.anime_id, ARRAY(SELECT jsonb_array_elements_text(t.genres)) FROM jsonb_to_recordset($1::jsonb) AS t(anime_id int, genres jsonb)
       ORDER BY t.anime_id
       ON CONFLICT ("anime_id") DO NOTHING`,
      [JSON.stringify([...genres].map(([animeId, names]) => ({ anime_id: animeId, genres: names })))],
    );
  }

  /** The user's completed titles whose genres are not kept yet (a lookup that failed before), at most `limit`. */
  async missingOf(manager: EntityManager, userId: string, limit: number): Promise<number[]> {
    const rows = await selectRows(
      manager,
      AnimeIdRow,
      `SELECT c."anime_id" FROM "rewards"."completed_titles" c LEFT JOIN "rewards"."title_genres" t ON t."anime_id" = c."anime_id"
       WHERE c."user_id" = $1 AND t."anime_id" IS NULL ORDER BY c."anime_id" LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => row.anime_id);
  }

  /** The title's genres; [] when the catalogue has no such title, null when it could not be asked. */
  private async lookup(animeId: number): Promise<string[] | null> {
    try {
      const anime = await this.rpc.send('catalogue.anime.get', { id: animeId }, { requestId: randomUUID() });
      return anime.genres ?? [];
    } catch (error) {
      if (error instanceof RemoteServiceError && error.payload.code === ErrorCode.NotFound) return [];
      this.logger.warn(`genres of title ${animeId} not looked up: ${String(error)}`);
      return null;
    }
  }
}
