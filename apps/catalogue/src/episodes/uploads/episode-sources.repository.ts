import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { EPISODE_SOURCE_STATES, MARKER_ORIGINS, sourceAudioTrackSchema } from '@portal/contracts/schemas';
import type { EpisodeSpan, SourceProbe } from '@portal/contracts';
import { execute, existingRow, isUniqueViolation, returning, selectRow, selectRows } from '@portal/db';

export const ManagedTitleRow = z.object({ id: z.number().int(), title: z.string(), episodes: z.number().int().nullable() });
export type ManagedTitleRow = z.output<typeof ManagedTitleRow>;

export const ManagedEpisodeRow = z.object({
  number: z.number().int(),
  title: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  qualities: z.array(z.number().int()),
  origin: z.enum(['samples', 'upload']),
  published: z.boolean(),
  hls_url: z.string(),
  opening_start: z.number().nullable(),
  opening_end: z.number().nullable(),
  ending_start: z.number().nullable(),
  ending_end: z.number().nullable(),
  markers_origin: z.enum(MARKER_ORIGINS).nullable(),
});
export type ManagedEpisodeRow = z.output<typeof ManagedEpisodeRow>;

export const EpisodeSourceRow = z.object({
  id: z.string(),
  anime_id: z.number().int(),
  number: z.number().int(),
  file_name: z.string(),
  upload_key: z.string(),
  size_bytes: z.number().int(),
  duration_seconds: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  video_codec: z.string(),
  audio_tracks: z.array(sourceAudioTrackSchema),
  state: z.enum(EPISODE_SOURCE_STATES),
  progress: z.number(),
  eta_seconds: z.number().int().nullable(),
  error: z.string().nullable(),
  hls_path: z.string().nullable(),
  qualities: z.array(z.number().int()),
  attempt: z.number().int(),
  created_by: z.string(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type EpisodeSourceRow = z.output<typeof EpisodeSourceRow>;

const SOURCE_COLUMNS = `id, anime_id, number, file_name, upload_key, size_bytes::float8 AS size_bytes, duration_seconds::float8 AS duration_seconds,
  width, height, video_codec, audio_tracks, state, progress::float8 AS progress, eta_seconds, error, hls_path, qualities, attempt,
  created_by, created_at, updated_at`;

const MANAGED_EPISODE_COLUMNS = `number, title, duration_seconds::float8 AS duration_seconds, qualities, origin, published, hls_url,
  opening_start::float8 AS opening_start, opening_end::float8 AS opening_end, ending_start::float8 AS ending_start, ending_end::float8 AS ending_end,
  markers_origin`;

export interface NewEpisodeSource {
  id: string;
  animeId: number;
  number: number;
  fileName: string;
  uploadKey: string;
  sizeBytes: number;
  probe: SourceProbe;
  createdBy: string;
}

/** What a finished transcode made: the master playlist (URL under /media/), its rungs and its seek thumbnails. */
export interface TranscodedEpisode {
  hlsPath: string;
  hlsUrl: string;
  qualities: number[];
  durationSeconds: number;
  /** The seek thumbnails' WebVTT track, relative to MEDIA_DIR; null (or left out) when there are none. */
  thumbnailsPath?: string | null;
}

/** Episodes that were announced when they were first published (`catalogue.episodes.added`). */
export type PublishedEpisode = ManagedEpisodeRow & { firstPublication: boolean; animeTitle: string };

/** Database access for uploaded episodes: their sources and transcodes, and publishing. */
@Injectable()
export class EpisodeSourcesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** By catalogue id, else by Shikimori id, as the episode list finds titles. */
  findTitle(id: number): Promise<ManagedTitleRow | null> {
    return selectRow(
      this.dataSource,
      ManagedTitleRow,
      `SELECT id, title, episodes FROM catalogue.anime WHERE id = $1 OR id_shiki = $1 ORDER BY (id = $1) DESC, id LIMIT 1`,
      [id],
    );
  }

  listEpisodes(animeId: number): Promise<ManagedEpisodeRow[]> {
    return selectRows(this.dataSource, ManagedEpisodeRow, `SELECT ${MANAGED_EPISODE_COLUMNS} FROM catalogue.episodes WHERE anime_id = $1 ORDER BY number`, [
      animeId,
    ]);
  }

  listSources(animeId: number): Promise<EpisodeSourceRow[]> {
    return selectRows(
      this.dataSource,
      EpisodeSourceRow,
      `SELECT ${SOURCE_COLUMNS} FROM catalogue.episode_sources WHERE anime_id = $1 ORDER BY created_at DESC, id LIMIT 200`,
      [animeId],
    );
  }

  findSource(id: string): Promise<EpisodeSourceRow | null> {
    return selectRow(this.dataSource, EpisodeSourceRow, `SELECT ${SOURCE_COLUMNS} FROM catalogue.episode_sources WHERE id = $1`, [id]);
  }

  /** Sources a worker should be running: queued or transcoding (re-queued at boot when their job was lost). */
  inWork(): Promise<EpisodeSourceRow[]> {
    return selectRows(this.dataSource, EpisodeSourceRow, `SELECT ${SOURCE_COLUMNS} FROM catalogue.episode_sources WHERE state IN ('queued', 'transcoding')`);
  }

  /** Whether episode N already has an uploaded episode or a source in work. */
  async numberTaken(animeId: number, number: number): Promise<boolean> {
    const row = await selectRow(
      this.dataSource,
      z.object({ taken: z.boolean() }),
      `SELECT EXISTS (SELECT 1 FROM catalogue.episodes WHERE anime_id = $1 AND number = $2 AND origin = 'upload')
           OR EXISTS (SELECT 1 FROM catalogue.episode_sources WHERE anime_id = $1 AND number = $2 AND state IN ('queued', 'transcoding')) AS taken`,
      [animeId, number],
    );
    return row?.taken ?? false;
  }

  /** The new source, queued; null when the number was taken meanwhile (another upload of the same episode won). */
  async insertSource(source: NewEpisodeSource): Promise<EpisodeSourceRow | null> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        // Serialises registrations of one episode, so the check below and the insert see the same rows.
        await execute(manager, `SELECT pg_advisory_xact_lock(hashtext('catalogue:episode-sources'), $1)`, [source.number]);
        const taken = await selectRow(
          manager,
          z.object({ found: z.number() }),
          `SELECT 1 AS found FROM catalogue.episodes WHERE anime_id = $1 AND number = $2 AND origin = 'upload'`,
          [source.animeId, source.number],
        );
        if (taken) return null;
        const { probe } = source;
        return existingRow(
          await selectRow(
            manager,
            EpisodeSourceRow,
            `INSERT INTO catalogue.episode_sources (id, anime_id, number, file_name, upload_key, size_bytes, duration_seconds, width, height,
               video_codec, audio_tracks, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)
             RETURNING ${SOURCE_COLUMNS}`,
            [
              source.id,
              source.animeId,
              source.number,
              source.fileName,
              source.uploadKey,
              source.sizeBytes,
              probe.durationSeconds,
              probe.width,
              probe.height,
              probe.videoCodec,
              JSON.stringify(probe.audioTracks),
              source.createdBy,
            ],
          ),
          'inserted episode source',
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Stops a queued or running transcode; null when it was not in work. */
  cancel(id: string): Promise<EpisodeSourceRow | null> {
    return selectRow(
      this.dataSource,
      EpisodeSourceRow,
      returning(`UPDATE catalogue.episode_sources SET state = 'cancelled', eta_seconds = NULL, updated_at = now()
       WHERE id = $1 AND state IN ('queued', 'transcoding') RETURNING ${SOURCE_COLUMNS}`),
      [id],
    );
  }

  /**
   * Queues a failed or cancelled source again as its next attempt; null when it is not stopped, or
   * (`taken`) when another source of the episode is in work or the episode was uploaded meanwhile.
   */
  async requeue(id: string): Promise<EpisodeSourceRow | 'taken' | null> {
    try {
      return await selectRow(
        this.dataSource,
        EpisodeSourceRow,
        returning(`UPDATE catalogue.episode_sources s SET state = 'queued', attempt = attempt + 1, progress = 0, eta_seconds = NULL, error = NULL,
           updated_at = now()
         WHERE id = $1 AND state IN ('failed', 'cancelled')
           AND NOT EXISTS (SELECT 1 FROM catalogue.episodes e WHERE e.anime_id = s.anime_id AND e.number = s.number AND e.origin = 'upload')
         RETURNING ${SOURCE_COLUMNS}`),
        [id],
      );
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /** The worker takes attempt `attempt` of a source; null when it was cancelled, finished or superseded. */
  startTranscode(id: string, attempt: number): Promise<EpisodeSourceRow | null> {
    return selectRow(
      this.dataSource,
      EpisodeSourceRow,
      returning(`UPDATE catalogue.episode_sources SET state = 'transcoding', progress = 0, eta_seconds = NULL, error = NULL, updated_at = now()
       WHERE id = $1 AND attempt = $2 AND state IN ('queued', 'transcoding') RETURNING ${SOURCE_COLUMNS}`),
      [id, attempt],
    );
  }

  /** Records progress; false when the transcode should stop (cancelled meanwhile). */
  async reportProgress(id: string, attempt: number, progress: number, etaSeconds: number | null): Promise<boolean> {
    const row = await selectRow(
      this.dataSource,
      z.object({ found: z.number() }),
      returning(`UPDATE catalogue.episode_sources SET progress = $3, eta_seconds = $4, updated_at = now()
       WHERE id = $1 AND attempt = $2 AND state = 'transcoding' RETURNING 1 AS found`),
      [id, attempt, Math.min(100, Math.max(0, Math.round(progress * 100) / 100)), etaSeconds],
    );
    return row !== null;
  }

  /** Marks the attempt failed with why; false when it was no longer running. */
  async fail(id: string, attempt: number, error: string): Promise<boolean> {
    const row = await selectRow(
      this.dataSource,
      z.object({ found: z.number() }),
      returning(`UPDATE catalogue.episode_sources SET state = 'failed', eta_seconds = NULL, error = $3, updated_at = now()
       WHERE id = $1 AND attempt = $2 AND state IN ('queued', 'transcoding') RETURNING 1 AS found`),
      [id, attempt, error.slice(0, 2000)],
    );
    return row !== null;
  }

  /**
   * The attempt's rendition is on disk: the source is ready and episode N plays it, unpublished when it
   * is new (an episode already uploaded keeps its publication; a sample it replaces does not). False,
   * and nothing written, when the attempt was cancelled or superseded meanwhile.
   */
  async finish(source: EpisodeSourceRow, done: TranscodedEpisode): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const row = await selectRow(
        manager,
        z.object({ found: z.number() }),
        returning(`UPDATE catalogue.episode_sources SET state = 'ready', progress = 100, eta_seconds = NULL, hls_path = $3, qualities = $4::int[],
           updated_at = now()
         WHERE id = $1 AND attempt = $2 AND state = 'transcoding' RETURNING 1 AS found`),
        [source.id, source.attempt, done.hlsPath, done.qualities],
      );
      if (!row) return false;
      await execute(
        manager,
        `INSERT INTO catalogue.episodes (anime_id, number, duration_seconds, hls_url, qualities, origin, origin_version, published, announced, source_id,
           thumbnails_path)
         VALUES ($1, $2, $3, $4, $5::int[], 'upload', $6::text, false, false, $6::uuid, $7)
         ON CONFLICT (anime_id, number) DO UPDATE SET
           duration_seconds = EXCLUDED.duration_seconds, hls_url = EXCLUDED.hls_url, qualities = EXCLUDED.qualities, thumbnails_path = EXCLUDED.thumbnails_path,
           opening_start = NULL, opening_end = NULL, ending_start = NULL, ending_end = NULL, markers_origin = NULL,
           origin_version = EXCLUDED.origin_version, source_id = EXCLUDED.source_id, updated_at = now(),
           published = catalogue.episodes.origin = 'upload' AND catalogue.episodes.published,
           announced = catalogue.episodes.origin = 'upload' AND catalogue.episodes.announced,
           origin = 'upload'`,
        [source.anime_id, source.number, done.durationSeconds, done.hlsUrl, done.qualities, source.id, done.thumbnailsPath ?? null],
      );
      return true;
    });
  }

  /**
   * Publishes or hides an uploaded episode. `announce` runs in the same transaction on its first
   * publication, so the event (`catalogue.episodes.added`) commits with it or not at all. Null for an
   * episode that is not an upload.
   */
  async setPublished(
    animeId: number,
    number: number,
    published: boolean,
    announce: (manager: EntityManager, episode: PublishedEpisode) => Promise<void>,
  ): Promise<ManagedEpisodeRow | null> {
    return this.dataSource.transaction(async (manager) => {
      const before = await selectRow(
        manager,
        z.object({ announced: z.boolean(), anime_title: z.string() }),
        `SELECT e.announced, a.title AS anime_title FROM catalogue.episodes e JOIN catalogue.anime a ON a.id = e.anime_id
         WHERE e.anime_id = $1 AND e.number = $2 AND e.origin = 'upload' FOR UPDATE OF e`,
        [animeId, number],
      );
      if (!before) return null;
      const episode = existingRow(
        await selectRow(
          manager,
          ManagedEpisodeRow,
          returning(`UPDATE catalogue.episodes SET published = $3, announced = announced OR $3, updated_at = now()
           WHERE anime_id = $1 AND number = $2 RETURNING ${MANAGED_EPISODE_COLUMNS}`),
          [animeId, number, published],
        ),
        'published episode',
      );
      if (published && !before.announced) await announce(manager, { ...episode, firstPublication: true, animeTitle: before.anime_title });
      return episode;
    });
  }

  /**
   * An uploader's correction of an episode's opening and ending: `manual` from now on. Null when the
   * episode does not exist; `past-end` (nothing written) when a span ends after the episode does.
   */
  async setMarkers(animeId: number, number: number, opening: EpisodeSpan | null, ending: EpisodeSpan | null): Promise<ManagedEpisodeRow | 'past-end' | null> {
    const episode = await selectRow(
      this.dataSource,
      ManagedEpisodeRow,
      returning(`UPDATE catalogue.episodes SET opening_start = $3, opening_end = $4, ending_start = $5, ending_end = $6, markers_origin = 'manual',
         updated_at = now()
       WHERE anime_id = $1 AND number = $2 AND (duration_seconds IS NULL OR GREATEST($4::numeric, $6::numeric) IS NULL OR GREATEST($4::numeric, $6::numeric) <= duration_seconds)
       RETURNING ${MANAGED_EPISODE_COLUMNS}`),
      [animeId, number, opening?.start ?? null, opening?.end ?? null, ending?.start ?? null, ending?.end ?? null],
    );
    if (episode) return episode;
    const exists = await selectRow(
      this.dataSource,
      z.object({ found: z.number() }),
      `SELECT 1 AS found FROM catalogue.episodes WHERE anime_id = $1 AND number = $2`,
      [animeId, number],
    );
    return exists ? 'past-end' : null;
  }

  /**
   * Markers found by ear for episodes of a title (null: none found), written only where no one set
   * them by hand; the numbers written.
   */
  async storeDetectedMarkers(animeId: number, found: Array<{ number: number; opening: EpisodeSpan | null; ending: EpisodeSpan | null }>): Promise<number[]> {
    const written: number[] = [];
    for (const { number, opening, ending } of found) {
      const row = await selectRow(
        this.dataSource,
        z.object({ number: z.number().int() }),
        returning(`UPDATE catalogue.episodes SET opening_start = $3, opening_end = $4, ending_start = $5, ending_end = $6, markers_origin = 'detected',
           updated_at = now()
         WHERE anime_id = $1 AND number = $2 AND origin = 'upload' AND markers_origin IS DISTINCT FROM 'manual' RETURNING number`),
        [animeId, number, opening?.start ?? null, opening?.end ?? null, ending?.start ?? null, ending?.end ?? null],
      );
      if (row) written.push(row.number);
    }
    return written;
  }
}
