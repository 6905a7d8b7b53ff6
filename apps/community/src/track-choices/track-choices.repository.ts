import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { TrackKind } from '@portal/contracts';
import { TRACK_KINDS } from '@portal/contracts/schemas';
import { execute, selectRows } from '@portal/db';

export const TrackChoiceRow = z.object({ kind: z.enum(TRACK_KINDS), name: z.string().nullable(), usual: z.boolean() });
export type TrackChoiceRow = z.output<typeof TrackChoiceRow>;

/** The viewers' voice-over and subtitle choices per title. */
@Injectable()
export class TrackChoicesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The title's choice of each kind (`usual: false`) and, of each kind, the name the viewer chose for
   * the most titles, the latest on a tie (`usual: true`).
   */
  choicesOf(userId: string, animeId: number): Promise<TrackChoiceRow[]> {
    return selectRows(
      this.dataSource,
      TrackChoiceRow,
      `(SELECT kind, name, false AS usual FROM community.track_choices WHERE user_id = $1 AND anime_id = $2)
       UNION ALL
       (SELECT DISTINCT ON (kind) kind, name, true AS usual FROM community.track_choices
         WHERE user_id = $1 AND name IS NOT NULL
         GROUP BY kind, name
         ORDER BY kind, count(*) DESC, max(chosen_at) DESC)`,
      [userId, animeId],
    );
  }

  async choose(userId: string, animeId: number, kind: TrackKind, name: string | null): Promise<void> {
    if (kind === 'audio' && name === null) {
      await execute(this.dataSource, `DELETE FROM community.track_choices WHERE user_id = $1 AND anime_id = $2 AND kind = 'audio'`, [userId, animeId]);
      return;
    }
    await execute(
      this.dataSource,
      `INSERT INTO community.track_choices (user_id, anime_id, kind, name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, anime_id, kind) DO UPDATE SET name = EXCLUDED.name, chosen_at = now()`,
      [userId, animeId, kind, name],
    );
  }
}
