import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
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
  constructor(private readonly rpc: RpcClient) {}

  /** Makes sure the titles' genres are kept; a title the catalogue no longer has gets none. */
  async ensure(manager: EntityManager, animeIds: number[]): Promise<void> {
    if (animeIds.length === 0) return;
    const known = await manager.query<Array<{ anime_id: number }>>(`SELECT "anime_id" FROM "rewards"."title_genres" WHERE "anime_id" = ANY($1::int[])`, [animeIds]);
    const have = new Set(known.map((row) => Number(row.anime_id)));
    const missing = [...new Set(animeIds)].filter((id) => !have.has(id));
    for (let start = 0; start < missing.length; start += LOOKUPS_AT_ONCE) {
      const batch = missing.slice(start, start + LOOKUPS_AT_ONCE);
      const genres = await Promise.all(batch.map((id) => this.lookup(id)));
      await manager.query(
        `INSERT INTO "rewards"."title_genres" ("anime_id", "genres")
         SELECT t.anime_id, ARRAY(SELECT jsonb_array_elements_text(t.genres)) FROM jsonb_to_recordset($1::jsonb) AS t(anime_id int, genres jsonb)
         ON CONFLICT ("anime_id") DO NOTHING`,
        [JSON.stringify(batch.map((id, index) => ({ anime_id: id, genres: genres[index] })))],
      );
    }
  }

  private async lookup(animeId: number): Promise<string[]> {
    try {
      const anime = await this.rpc.send('catalogue.anime.get', { id: animeId }, { requestId: randomUUID() });
      return anime.genres ?? [];
    } catch (error) {
      if (error instanceof RemoteServiceError && error.payload.code === ErrorCode.NotFound) return [];
      // Anything else (the catalogue is down): the event is retried later.
      throw error;
    }
  }
}
