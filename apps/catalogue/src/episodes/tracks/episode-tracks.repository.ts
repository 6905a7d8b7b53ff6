import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { EPISODE_TRACK_KINDS, EPISODE_TRACK_ORIGINS, EPISODE_TRACK_STATES, RELEASE_TEAM_KINDS, sourceAudioTrackSchema } from '@portal/contracts/schemas';
import type { EpisodeTrackKind, ReleaseTeamKind } from '@portal/contracts';
import { execute, existingRow, returning, selectRow, selectRows, uniqueViolationConstraint } from '@portal/db';
import { audioFolderOf, MEDIA_PLAYLIST } from '../uploads/hls-ladder';
import { audioTrackName, languageTagOf, type MeasuredBitRates } from '../uploads/hls-master-playlist';

export const ReleaseTeamRow = z.object({ id: z.number().int(), name: z.string(), kind: z.enum(RELEASE_TEAM_KINDS) });
export type ReleaseTeamRow = z.output<typeof ReleaseTeamRow>;

export const EpisodeTrackRow = z.object({
  id: z.string(),
  anime_id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(EPISODE_TRACK_KINDS),
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  team_kind: z.enum(RELEASE_TEAM_KINDS).nullable(),
  name: z.string(),
  language: z.string().nullable(),
  origin: z.enum(EPISODE_TRACK_ORIGINS),
  state: z.enum(EPISODE_TRACK_STATES),
  error: z.string().nullable(),
  upload_key: z.string().nullable(),
  uri: z.string().nullable(),
  bandwidth: z.number().int().nullable(),
  average_bandwidth: z.number().int().nullable(),
  created_at: z.date(),
});
export type EpisodeTrackRow = z.output<typeof EpisodeTrackRow>;

/** An uploaded episode with its transcoded source: where its rendition is, and what the source was. */
export const TrackedEpisodeRow = z.object({
  anime_id: z.number().int(),
  number: z.number().int(),
  duration_seconds: z.number(),
  /** The transcode's master playlist, relative to MEDIA_DIR: its folder holds the rendition. */
  hls_path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  audio_tracks: z.array(sourceAudioTrackSchema),
});
export type TrackedEpisodeRow = z.output<typeof TrackedEpisodeRow>;

const TRACK_COLUMNS = `t.id, t.anime_id, t.number, t.kind, t.team_id, rt.name AS team_name, rt.kind AS team_kind, t.name, t.language, t.origin, t.state,
  t.error, t.upload_key, t.uri, t.bandwidth, t.average_bandwidth, t.created_at`;
/** `t` joined with its team; `FROM <t>` names the tracks (a table, or a CTE of an insert or delete). */
const tracksWithTeams = (from = 'catalogue.episode_tracks') =>
  `SELECT ${TRACK_COLUMNS} FROM ${from} t LEFT JOIN catalogue.release_teams rt ON rt.id = t.team_id`;
/** Source streams first, by their place in the source; then added tracks as they came. */
const TRACK_ORDER = `ORDER BY (t.origin = 'source') DESC, t.stream_index, t.created_at, t.id`;

const TRACKED_EPISODE = `SELECT e.anime_id, e.number, COALESCE(e.duration_seconds, s.duration_seconds)::float8 AS duration_seconds, s.hls_path, s.width, s.height,
    s.audio_tracks
  FROM catalogue.episodes e JOIN catalogue.episode_sources s ON s.id = e.source_id
  WHERE e.anime_id = $1 AND e.number = $2 AND e.origin = 'upload' AND s.hls_path IS NOT NULL`;

export interface NewEpisodeTrack {
  id: string;
  animeId: number;
  number: number;
  kind: EpisodeTrackKind;
  team: string;
  language: string | null;
  uploadKey: string;
  createdBy: string;
}

/** A master playlist revision taken: its number, and the added tracks ready when it was taken. */
export interface MasterRevision {
  revision: number;
  episode: TrackedEpisodeRow;
  tracks: EpisodeTrackRow[];
}

const DUPLICATE_TEAM = 'episode_tracks_team';
const TEAM_NAME_MAX = 100;
const TEAMS_LISTED = 50;

/** Release teams, the tracks of uploaded episodes, and the revisions of their master playlists. */
@Injectable()
export class EpisodeTracksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findEpisode(animeId: number, number: number): Promise<TrackedEpisodeRow | null> {
    return selectRow(this.dataSource, TrackedEpisodeRow, TRACKED_EPISODE, [animeId, number]);
  }

  findTrack(id: string): Promise<EpisodeTrackRow | null> {
    return selectRow(this.dataSource, EpisodeTrackRow, `${tracksWithTeams()} WHERE t.id = $1`, [id]);
  }

  listTracks(animeId: number, number: number): Promise<EpisodeTrackRow[]> {
    return selectRows(this.dataSource, EpisodeTrackRow, `${tracksWithTeams()} WHERE t.anime_id = $1 AND t.number = $2 ${TRACK_ORDER}`, [animeId, number]);
  }

  /** Added tracks whose processing has not ended: their jobs are queued again at boot. */
  processing(): Promise<EpisodeTrackRow[]> {
    return selectRows(this.dataSource, EpisodeTrackRow, `${tracksWithTeams()} WHERE t.state = 'processing' ORDER BY t.created_at`);
  }

  /**
   * A new added track, processing, with its team found or created by name and kind in the same
   * transaction. Null when the episode is not transcoded; `duplicate` when it already has a track of the team.
   */
  async addTrack(track: NewEpisodeTrack): Promise<EpisodeTrackRow | 'duplicate' | null> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const episode = await selectRow(manager, TrackedEpisodeRow, `${TRACKED_EPISODE} FOR UPDATE OF e`, [track.animeId, track.number]);
        if (!episode) return null;
        // A source stream of the same team is then there to be refused against, published or not.
        await this.recordStreams(manager, episode);
        const team = await this.teamNamed(manager, track.team, track.kind === 'audio' ? 'voice' : 'subtitles', track.createdBy);
        const inserted = `INSERT INTO catalogue.episode_tracks (id, anime_id, number, kind, team_id, name, language, origin, upload_key, created_by)
          VALUES ($1, $2, $3, $4, $5, $6, $7, 'added', $8, $9) RETURNING *`;
        return existingRow(
          await selectRow(manager, EpisodeTrackRow, `WITH inserted AS (${inserted}) ${tracksWithTeams('inserted')}`, [
            track.id,
            track.animeId,
            track.number,
            track.kind,
            team.id,
            team.name,
            track.language,
            track.uploadKey,
            track.createdBy,
          ]),
          'inserted episode track',
        );
      });
    } catch (error) {
      if (uniqueViolationConstraint(error) === DUPLICATE_TEAM) return 'duplicate';
      throw error;
    }
  }

  /** The source's audio streams as `source` tracks of the episode, in the caller's transaction (its first publication). */
  async recordSourceTracks(manager: EntityManager, animeId: number, number: number): Promise<void> {
    const episode = await selectRow(manager, TrackedEpisodeRow, TRACKED_EPISODE, [animeId, number]);
    if (episode) await this.recordStreams(manager, episode);
  }

  /**
   * The source's audio streams as `source` tracks, once (called again it adds nothing). A stream with
   * a title tag is voiced by the team of that name; two streams of one team keep the team on the first only.
   */
  private async recordStreams(manager: EntityManager, episode: TrackedEpisodeRow): Promise<void> {
    const recorded = await selectRow(
      manager,
      z.object({ found: z.number() }),
      `SELECT 1 AS found FROM catalogue.episode_tracks WHERE anime_id = $1 AND number = $2 AND origin = 'source' LIMIT 1`,
      [episode.anime_id, episode.number],
    );
    if (recorded) return;
    const teams = new Set<number>();
    for (const [position, stream] of episode.audio_tracks.entries()) {
      const title = stream.title?.trim().slice(0, TEAM_NAME_MAX);
      const team = title ? await this.teamNamed(manager, title, 'voice', null) : null;
      const teamId = team && !teams.has(team.id) ? team.id : null;
      if (teamId !== null) teams.add(teamId);
      await execute(
        manager,
        `INSERT INTO catalogue.episode_tracks (id, anime_id, number, kind, team_id, name, language, origin, stream_index, state, uri)
         VALUES (gen_random_uuid(), $1, $2, 'audio', $3, $4, $5, 'source', $6, 'ready', $7)
         ON CONFLICT DO NOTHING`,
        [
          episode.anime_id,
          episode.number,
          teamId,
          audioTrackName(stream),
          languageTagOf(stream.language),
          stream.index,
          position === 0 ? null : `${audioFolderOf(stream)}/${MEDIA_PLAYLIST}`,
        ],
      );
    }
  }

  /** An added track's files are in place: it is ready (false when it was removed or ended meanwhile). */
  async finishTrack(id: string, uri: string, rates: MeasuredBitRates | null): Promise<boolean> {
    const row = await selectRow(
      this.dataSource,
      z.object({ id: z.string() }),
      returning(`UPDATE catalogue.episode_tracks SET state = 'ready', uri = $2, bandwidth = $3, average_bandwidth = $4, error = NULL
       WHERE id = $1 AND state = 'processing' RETURNING id`),
      [id, uri, rates?.bandwidth ?? null, rates?.averageBandwidth ?? null],
    );
    return row !== null;
  }

  /** Marks an added track failed with why; false when it was removed or ended meanwhile. */
  async failTrack(id: string, error: string): Promise<boolean> {
    const row = await selectRow(
      this.dataSource,
      z.object({ id: z.string() }),
      returning(`UPDATE catalogue.episode_tracks SET state = 'failed', error = $2 WHERE id = $1 AND state = 'processing' RETURNING id`),
      [id, error.slice(0, 2000)],
    );
    return row !== null;
  }

  /** Deletes an added track; null when there is no such added track (none at all, or a source stream). */
  removeAddedTrack(id: string): Promise<EpisodeTrackRow | null> {
    return selectRow(
      this.dataSource,
      EpisodeTrackRow,
      `WITH removed AS (DELETE FROM catalogue.episode_tracks WHERE id = $1 AND origin = 'added' RETURNING *) ${tracksWithTeams('removed')}`,
      [id],
    );
  }

  /**
   * Takes the episode's next master playlist revision and reads its ready added tracks in the same
   * transaction. The episode's row lock orders revisions, so the newest one sees every track that was
   * ready (or removed) before it was taken. Null when the episode is not a transcoded upload.
   */
  nextMasterRevision(animeId: number, number: number): Promise<MasterRevision | null> {
    return this.dataSource.transaction(async (manager) => {
      const taken = await selectRow(
        manager,
        z.object({ master_revision: z.number().int() }),
        returning(`UPDATE catalogue.episodes SET master_revision = master_revision + 1 WHERE anime_id = $1 AND number = $2 AND origin = 'upload'
         RETURNING master_revision`),
        [animeId, number],
      );
      const episode = taken && (await selectRow(manager, TrackedEpisodeRow, TRACKED_EPISODE, [animeId, number]));
      if (!taken || !episode) return null;
      const tracks = await selectRows(
        manager,
        EpisodeTrackRow,
        `${tracksWithTeams()} WHERE t.anime_id = $1 AND t.number = $2 AND t.origin = 'added' AND t.state = 'ready' ${TRACK_ORDER}`,
        [animeId, number],
      );
      return { revision: taken.master_revision, episode, tracks };
    });
  }

  /** Points the episode to revision `revision` of its master playlist unless a newer one is applied already; whether it did. */
  async applyMasterRevision(animeId: number, number: number, revision: number, hlsUrl: string): Promise<boolean> {
    const row = await selectRow(
      this.dataSource,
      z.object({ number: z.number().int() }),
      returning(`UPDATE catalogue.episodes SET hls_url = $4, master_applied_revision = $3, updated_at = now()
       WHERE anime_id = $1 AND number = $2 AND master_applied_revision < $3 RETURNING number`),
      [animeId, number, revision, hlsUrl],
    );
    return row !== null;
  }

  /** The teams with a ready track on a published episode of the title, by name. */
  titleTeams(animeId: number): Promise<ReleaseTeamRow[]> {
    return selectRows(
      this.dataSource,
      ReleaseTeamRow,
      `SELECT rt.id, rt.name, rt.kind FROM catalogue.release_teams rt
       WHERE EXISTS (SELECT 1 FROM catalogue.episode_tracks t JOIN catalogue.episodes e ON e.anime_id = t.anime_id AND e.number = t.number
                     WHERE t.team_id = rt.id AND t.anime_id = $1 AND t.state = 'ready' AND e.published)
       ORDER BY lower(rt.name), rt.id`,
      [animeId],
    );
  }

  /** Teams of a kind (or both) whose name starts with `prefix`, in any case, by name. */
  listTeams(kind: ReleaseTeamKind | null, prefix: string | null): Promise<ReleaseTeamRow[]> {
    const pattern = prefix ? `${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
    return selectRows(
      this.dataSource,
      ReleaseTeamRow,
      `SELECT id, name, kind FROM catalogue.release_teams
       WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR lower(name) LIKE $2)
       ORDER BY lower(name), kind LIMIT ${TEAMS_LISTED}`,
      [kind, pattern],
    );
  }

  /** The team of this name (in any case) and kind, created when there is none; its name as first written. */
  private async teamNamed(manager: EntityManager, name: string, kind: ReleaseTeamKind, createdBy: string | null): Promise<ReleaseTeamRow> {
    return existingRow(
      await selectRow(
        manager,
        ReleaseTeamRow,
        // The no-op update makes the existing row the answer (DO NOTHING would return nothing).
        `INSERT INTO catalogue.release_teams (name, kind, created_by) VALUES ($1, $2, $3)
         ON CONFLICT (lower(name), kind) DO UPDATE SET kind = EXCLUDED.kind RETURNING id, name, kind`,
        [name, kind, createdBy],
      ),
      'release team',
    );
  }
}
