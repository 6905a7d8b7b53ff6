import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { TitleRef } from '@portal/contracts';
import { recordCallsCte, selectRow, selectRows } from '@portal/db';
import { AnimeRefRow, insertRefsFrom, refColumns } from '../anime-refs/anime-refs.repository';

/** A saved point of an episode. */
export const ProgressRow = z.object({
  anime_id: z.number().int(),
  episode: z.number().int(),
  position: z.number(),
  duration: z.number().nullable(),
  updated_at: z.date(),
});
export type ProgressRow = z.output<typeof ProgressRow>;

/** A title's latest point with the title's copy, as «Continue watching» lists it. */
export const ContinueWatchingRow = ProgressRow.extend({ ref: AnimeRefRow });
export type ContinueWatchingRow = z.output<typeof ContinueWatchingRow>;

export interface TitleKey {
  userId: string;
  animeId: number;
}

export interface ProgressKey extends TitleKey {
  episode: number;
}

export interface ProgressWrite extends ProgressKey {
  position: number;
  duration: number | null;
  at: Date;
}

/** A point a batch saved or deleted, and whose it is. */
export const WrittenRow = ProgressRow.extend({
  kind: z.enum(['saved', 'deleted']),
  user_id: z.string(),
});
export type WrittenRow = z.output<typeof WrittenRow>;

/** Batches are single statements, not the transactions whose commit records a write request: they record it themselves. */
const APPLIED_CALLS_CTE = (param: string) => recordCallsCte('community', param);

/**
 * «Most watched this week» (docs/community.md, «Rankings»): the day each saver last watched each title,
 * kept by the batch's own statement. The row changes once a day at most; in key order, like the saves.
 */
const WATCHED_CTE = `watched AS (
  INSERT INTO community.title_viewers AS v (anime_id, user_id, watched_on)
  SELECT anime_id, user_id, max((updated_at AT TIME ZONE 'UTC')::date) FROM saved GROUP BY anime_id, user_id ORDER BY anime_id, user_id
  ON CONFLICT (anime_id, user_id) DO UPDATE SET watched_on = excluded.watched_on WHERE v.watched_on < excluded.watched_on
)`;

/** The share of an episode's duration a position must reach for the episode to count as watched. */
export const WATCHED_SHARE = 0.8;
/**
 * Seconds a position may run ahead of the wall clock since the user's first report in the episode:
 * a minute, or a tenth of the episode when that is shorter…
 */
export const WATCH_CLOCK_SLACK_SECONDS = 60;
export const WATCH_CLOCK_SLACK_SHARE = 0.1;
/**
 * …plus the time before that first report: the player saves every 10 s (the web's
 * PROGRESS_SAVE_INTERVAL_MS), so its first report of an episode played from the start comes at
 * about 10 s of position with nothing before it on the clock. A 60-s sample episode still needs 27 s.
 */
export const WATCH_FIRST_REPORT_SECONDS = 15;

/**
 * Episodes actually watched (docs/rewards.md, «Points and ranks»): the first report of each user's
 * episode keeps its time; a later report counts the episode once its position reaches WATCHED_SHARE
 * of the duration and no further than the wall clock since that first report allows (plus the slack),
 * so a position jumped to the end is not a watched episode. Counted once per user, title and episode
 * (`watched_at`), announced by community.episode.watched written into the outbox by the same statement.
 */
const EPISODE_WATCHED_CTE = `proven AS (
  INSERT INTO community.progress_watches AS w (user_id, anime_id, episode, first_at, position, duration)
  SELECT user_id, anime_id, episode, updated_at, position, duration FROM saved ORDER BY user_id, anime_id, episode
  ON CONFLICT (user_id, anime_id, episode) DO UPDATE SET watched_at = excluded.first_at, position = excluded.position, duration = excluded.duration
  WHERE w.watched_at IS NULL AND excluded.duration > 0 AND excluded.position >= ${WATCHED_SHARE} * excluded.duration
    AND excluded.position <= extract(epoch FROM excluded.first_at - w.first_at) + ${WATCH_FIRST_REPORT_SECONDS} + LEAST(${WATCH_CLOCK_SLACK_SECONDS}, ${WATCH_CLOCK_SLACK_SHARE} * excluded.duration)
  RETURNING w.user_id, w.anime_id, w.episode, w.watched_at
), announced AS (
  INSERT INTO community.outbox (id, event_name, payload, occurred_at)
  SELECT e.id, 'community.episode.watched',
    jsonb_build_object('eventId', e.id, 'occurredAt', to_char(e.watched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'userId', e.user_id, 'animeId', e.anime_id, 'episode', e.episode),
    e.watched_at
  FROM (SELECT gen_random_uuid() AS id, p.* FROM proven p WHERE p.watched_at IS NOT NULL) e
)`;

@Injectable()
export class ProgressRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One statement for a whole batch: deletes and upserts (each key at most once), atomic, durable when
   * it returns. A later write of a key replaces the position; a write without duration keeps the known one.
   * `titles`: copies of titles the community does not hold yet, stored by the same statement (their
   * first accepted save), so nothing stores them for a save that is refused. `callIds`: the write
   * requests the batch serves, recorded with it (applied_calls), so a replica taking over a request of
   * a dead one does not run again what this statement committed.
   */
  async write(saves: ProgressWrite[], deletes: ProgressKey[], titles: TitleRef[] = [], callIds: string[] = []): Promise<WrittenRow[]> {
    const sortedTitles = [...new Map(titles.map((title) => [title.id, title])).values()].sort((a, b) => a.id - b.id);
    // Only a batch with a new title carries the extra CTE; the rows it inserts satisfy the foreign keys
    // of the saves (checked at the end of the statement).
    const kept = sortedTitles.length > 0 ? `kept AS (INSERT INTO community.anime_refs ${insertRefsFrom(11)} ON CONFLICT (id) DO NOTHING), ` : '';
    return selectRows(
      this.dataSource,
      WrittenRow,
      `WITH ${kept}${APPLIED_CALLS_CTE('$10')}, deleted AS (
         DELETE FROM community.progress p USING unnest($7::uuid[], $8::int[], $9::int[]) AS d(user_id, anime_id, episode)
         WHERE p.user_id = d.user_id AND p.anime_id = d.anime_id AND p.episode = d.episode
         RETURNING 'deleted' AS kind, p.user_id, p.anime_id, p.episode, p.position, p.duration, p.updated_at
       ), saved AS (
         INSERT INTO community.progress AS p (user_id, anime_id, episode, position, duration, updated_at)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::float8[], $5::float8[], $6::timestamptz[])
         ON CONFLICT (user_id, anime_id, episode) DO UPDATE
           SET position = excluded.position, duration = coalesce(excluded.duration, p.duration), updated_at = excluded.updated_at
         RETURNING 'saved' AS kind, p.user_id, p.anime_id, p.episode, p.position, p.duration, p.updated_at
       ), ${WATCHED_CTE}, ${EPISODE_WATCHED_CTE}
       SELECT kind, user_id::text, anime_id, episode, position, duration, updated_at FROM deleted
       UNION ALL SELECT kind, user_id::text, anime_id, episode, position, duration, updated_at FROM saved`,
      [
        saves.map((save) => save.userId),
        saves.map((save) => save.animeId),
        saves.map((save) => save.episode),
        saves.map((save) => save.position),
        saves.map((save) => save.duration),
        saves.map((save) => save.at.toISOString()),
        deletes.map((key) => key.userId),
        deletes.map((key) => key.animeId),
        deletes.map((key) => key.episode),
        callIds,
        ...(sortedTitles.length > 0 ? refColumns(sortedTitles) : []),
      ],
    );
  }

  /** Forgets every position of a title; answers how many there were. `callIds` as for write. */
  async forget({ userId, animeId }: TitleKey, callIds: string[] = []): Promise<number> {
    const row = await selectRow(
      this.dataSource,
      z.object({ count: z.number().int() }),
      `WITH ${APPLIED_CALLS_CTE('$3')}, gone AS (DELETE FROM community.progress WHERE user_id = $1 AND anime_id = $2 RETURNING 1) SELECT count(*)::int AS count FROM gone`,
      [userId, animeId, callIds],
    );
    return row?.count ?? 0;
  }

  /** One episode's point, or without `episode` the title's latest. */
  async find(userId: string, animeId: number, episode: number | undefined): Promise<ProgressRow | null> {
    return selectRow(
      this.dataSource,
      ProgressRow,
      `SELECT anime_id, episode, position, duration, updated_at FROM community.progress
       WHERE user_id = $1 AND anime_id = $2 AND ($3::int IS NULL OR episode = $3) ORDER BY updated_at DESC, episode DESC LIMIT 1`,
      [userId, animeId, episode ?? null],
    );
  }

  /**
   * Each title's latest point, newest first, without finished or abandoned titles: those completed or
   * dropped in the list, and those whose latest point is in the last episode at 90 % of its duration or more.
   */
  async continueWatching(userId: string, limit: number): Promise<ContinueWatchingRow[]> {
    return selectRows(
      this.dataSource,
      ContinueWatchingRow,
      `SELECT anime_id, episode, position, duration, updated_at, ref FROM (
         SELECT DISTINCT ON (p.anime_id) p.anime_id, p.episode, p.position, p.duration, p.updated_at, r.episodes, e.status, row_to_json(r) AS ref
         FROM community.progress p
         JOIN community.anime_refs r ON r.id = p.anime_id
         LEFT JOIN community.list_entries e ON e.user_id = p.user_id AND e.anime_id = p.anime_id
         WHERE p.user_id = $1
         ORDER BY p.anime_id, p.updated_at DESC, p.episode DESC
       ) latest
       WHERE (latest.status IS NULL OR latest.status NOT IN ('completed', 'dropped'))
         AND NOT (coalesce(latest.episodes, 0) > 0 AND latest.episode >= latest.episodes AND latest.duration IS NOT NULL AND latest.position >= 0.9 * latest.duration)
       ORDER BY latest.updated_at DESC, latest.anime_id LIMIT $2`,
      [userId, limit],
    );
  }
}
