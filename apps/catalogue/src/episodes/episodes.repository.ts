import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { ANIME_KINDS } from '@portal/contracts';
import { execute, returning, selectRow, selectRows } from '@portal/db';

export const EpisodeAnimeRow = z.object({
  id: z.number().int(),
  id_shiki: z.number().int().nullable(),
  kodik_id: z.string().nullable(),
  kind: z.enum(ANIME_KINDS).nullable(),
  episodes: z.number().int().nullable(),
  duration_minutes: z.number().int().nullable(),
});
export type EpisodeAnimeRow = z.output<typeof EpisodeAnimeRow>;

export const EpisodeRow = z.object({
  anime_id: z.number().int(),
  number: z.number().int(),
  title: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  hls_url: z.string(),
  qualities: z.array(z.number().int()),
  opening_start: z.number().nullable(),
  opening_end: z.number().nullable(),
  ending_start: z.number().nullable(),
  ending_end: z.number().nullable(),
});
export type EpisodeRow = z.output<typeof EpisodeRow>;

/** An episode as viewers get it: with its seek thumbnails' track (relative to MEDIA_DIR), which only uploads have. */
export const PlayableEpisodeRow = EpisodeRow.extend({ thumbnails_path: z.string().nullable() });
export type PlayableEpisodeRow = z.output<typeof PlayableEpisodeRow>;

/** Episodes of one title that were not in the catalogue before a write. */
export interface AddedEpisodes {
  animeId: number;
  title: string;
  episodes: number[];
}

export interface SamplesWriteResult {
  written: number;
  removed: number;
}

const EPISODE_COLUMNS = `anime_id, number, title, duration_seconds::float8 AS duration_seconds, hls_url, qualities,
  opening_start::float8 AS opening_start, opening_end::float8 AS opening_end,
  ending_start::float8 AS ending_start, ending_end::float8 AS ending_end`;

/** Database access for episodes and the few title columns the episode list needs. */
@Injectable()
export class EpisodesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** By catalogue id, else by Shikimori id (the canonical row first), as GET /anime/{id} finds titles. */
  async findAnime(id: number): Promise<EpisodeAnimeRow | null> {
    return selectRow(
      this.dataSource,
      EpisodeAnimeRow,
      `SELECT id, id_shiki, kodik_id, kind, episodes, duration_minutes FROM catalogue.anime WHERE id = $1 OR id_shiki = $1
       ORDER BY (id = $1) DESC, id LIMIT 1`,
      [id],
    );
  }

  /** The published episodes of a title: what viewers can play. */
  listByAnime(animeId: number): Promise<PlayableEpisodeRow[]> {
    return selectRows(
      this.dataSource,
      PlayableEpisodeRow,
      `SELECT ${EPISODE_COLUMNS}, thumbnails_path FROM catalogue.episodes WHERE anime_id = $1 AND published ORDER BY number`,
      [animeId],
    );
  }

  async countByAnime(animeId: number): Promise<number> {
    const row = await selectRow(
      this.dataSource,
      z.object({ count: z.number().int() }),
      `SELECT count(*)::int AS count FROM catalogue.episodes WHERE anime_id = $1 AND published`,
      [animeId],
    );
    return row?.count ?? 0;
  }

  /** The manifest versions the linked samples came from (one when they are current). */
  async samplesVersions(): Promise<string[]> {
    const rows = await selectRows(
      this.dataSource,
      z.object({ version: z.string().nullable() }),
      `SELECT DISTINCT origin_version AS version FROM catalogue.episodes WHERE origin = 'samples'`,
    );
    return rows.map((row) => row.version ?? '');
  }

  async existingAnimeIds(ids: number[]): Promise<Set<number>> {
    const rows = await selectRows(this.dataSource, z.object({ id: z.number().int() }), `SELECT id FROM catalogue.anime WHERE id = ANY($1::int[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Makes the sample rows exactly `episodes`, in one transaction under a lock (a CLI run and a boot
   * may link at once). Episodes of other origins are never replaced by samples.
   */
  /**
   * `added` is called in the same transaction with the episodes that did not exist before (new rows,
   * by title, numbers ascending), so what it writes (the outbox's event) commits with them or not at all.
   */
  async replaceSamples(
    episodes: EpisodeRow[],
    version: string,
    added: (manager: EntityManager, episodes: AddedEpisodes[]) => Promise<void> = async () => {},
  ): Promise<SamplesWriteResult> {
    return this.dataSource.transaction(async (manager) => {
      await execute(manager, `SELECT pg_advisory_xact_lock(hashtext('catalogue:episodes:samples'))`);
      const keys = episodes.map((episode) => `${episode.anime_id}/${episode.number}`);
      const removedRows = await selectRows(
        manager,
        z.object({ anime_id: z.number().int() }),
        returning(`DELETE FROM catalogue.episodes WHERE origin = 'samples' AND NOT (anime_id || '/' || number = ANY($1::text[])) RETURNING anime_id`),
        [keys],
      );
      let written = 0;
      const fresh = new Map<number, number[]>();
      for (const episode of episodes) {
        const row = await selectRow(
          manager,
          z.object({ inserted: z.boolean() }),
          `INSERT INTO catalogue.episodes (anime_id, number, title, duration_seconds, hls_url, qualities,
             opening_start, opening_end, ending_start, ending_end, origin, origin_version)
           VALUES ($1, $2, $3, $4, $5, $6::int[], $7, $8, $9, $10, 'samples', $11)
           ON CONFLICT (anime_id, number) DO UPDATE SET
             title = EXCLUDED.title, duration_seconds = EXCLUDED.duration_seconds, hls_url = EXCLUDED.hls_url,
             qualities = EXCLUDED.qualities, opening_start = EXCLUDED.opening_start, opening_end = EXCLUDED.opening_end,
             ending_start = EXCLUDED.ending_start, ending_end = EXCLUDED.ending_end,
             origin_version = EXCLUDED.origin_version, updated_at = now()
           WHERE catalogue.episodes.origin = 'samples'
           RETURNING (xmax = 0) AS inserted`,
          [
            episode.anime_id,
            episode.number,
            episode.title,
            episode.duration_seconds,
            episode.hls_url,
            episode.qualities,
            episode.opening_start,
            episode.opening_end,
            episode.ending_start,
            episode.ending_end,
            version,
          ],
        );
        if (!row) continue;
        written += 1;
        if (row.inserted) fresh.set(episode.anime_id, [...(fresh.get(episode.anime_id) ?? []), episode.number]);
      }
      if (fresh.size > 0) {
        const titles = await selectRows(
          manager,
          z.object({ id: z.number().int(), title: z.string() }),
          `SELECT id, title FROM catalogue.anime WHERE id = ANY($1::int[])`,
          [[...fresh.keys()]],
        );
        const names = new Map(titles.map((row) => [row.id, row.title]));
        // Rows of titles the catalogue does not have (yet) wait for them; no news of those.
        const known = [...fresh].filter(([animeId]) => names.has(animeId));
        await added(
          manager,
          known.map(([animeId, numbers]) => ({ animeId, title: names.get(animeId) as string, episodes: numbers.sort((a, b) => a - b) })),
        );
      }
      return { written, removed: removedRows.length };
    });
  }
}
