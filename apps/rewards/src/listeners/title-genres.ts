import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCode } from '@portal/contracts';
import { RemoteServiceError, RpcClient } from '@portal/messaging';

/** Lookups at a time when an import completes many titles. */
const LOOKUPS_AT_ONCE = 8;

/**
 * Each completed title's genres, asked of the catalogue once and kept (title events carry no genres):
 * the genre achievements count a user's completed titles per genre from this copy.
 */
@Injectable()
export class TitleGenres {
  private readonly logger = new Logger(TitleGenres.name);

  constructor(private readonly rpc: RpcClient) {}

  /**
   * Makes sure the titles' genres are kept; a title the catalogue no longer has gets none. A title the
   * catalogue could not be asked about now is left out (the points are not held up by it) and asked
   * again with the user's next completion (`missingOf`).
   */
  async ensure(manager: EntityManager, animeIds: number[]): Promise<void> {
    if (animeIds.length === 0) return;
    const known = await manager.query<Array<{ anime_id: number }>>(`SELECT "anime_id" FROM "rewards"."title_genres" WHERE "anime_id" = ANY($1::int[])`, [animeIds]);
    const have = new Set(known.map((row) => Number(row.anime_id)));
    const missing = [...new Set(animeIds)].filter((id) => !have.has(id));
    for (let start = 0; start < missing.length; start += LOOKUPS_AT_ONCE) {
      const batch = missing.slice(start, start + LOOKUPS_AT_ONCE);
      const looked = await Promise.all(batch.map(async (id) => ({ id, genres: await this.lookup(id) })));
      const found = looked.filter((title): title is { id: number; genres: string[] } => title.genres !== null);
      if (found.length === 0) continue;
      await manager.query(
        `INSERT INTO "rewards"."title_genres" ("anime_id", "genres")
         SELECT t.anime_id, ARRAY(SELECT jsonb_array_elements_text(t.genres)) FROM jsonb_to_recordset($1::jsonb) AS t(anime_id int, genres jsonb)
         ON CONFLICT ("anime_id") DO NOTHING`,
        [JSON.stringify(found.map((title) => ({ anime_id: title.id, genres: title.genres })))],
      );
    }
  }

  /** The user's completed titles whose genres are not kept yet (a lookup that failed before), at most `limit`. */
  async missingOf(manager: EntityManager, userId: string, limit: number): Promise<number[]> {
    const rows = await manager.query<Array<{ anime_id: number }>>(
      `SELECT c."anime_id" FROM "rewards"."completed_titles" c LEFT JOIN "rewards"."title_genres" t ON t."anime_id" = c."anime_id"
       WHERE c."user_id" = $1 AND t."anime_id" IS NULL ORDER BY c."anime_id" LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => Number(row.anime_id));
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
