import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { USER_RANKING_BOARDS, type UserRankingBoard } from '@portal/contracts';
import { execute, selectRows } from '@portal/db';
import type { CounterDelta } from './ranking-deltas';

/** A user's counter on a board, with their public slice. */
export const BoardRow = z.object({
  board: z.enum(USER_RANKING_BOARDS),
  value: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string().nullable(),
});
export type BoardRow = z.output<typeof BoardRow>;

/** A user's own counter, with their place on the board. */
export const OwnRow = BoardRow.extend({
  place: z.number().int(),
});
export type OwnRow = z.output<typeof OwnRow>;

/** One order for every writer, so two transactions that share rows lock them in the same order. */
const byKey = (a: CounterDelta, b: CounterDelta) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.board < b.board ? -1 : a.board > b.board ? 1 : 0);

/**
 * The user leaderboards' read model: one counter per user and board, changed by deltas in the
 * transaction that applies their cause (docs/community.md, «Rankings»).
 */
@Injectable()
export class RankingCountersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds atomically (concurrent deltas of one counter queue on its row, none is lost), and moves the
   * user from their old value to their new one in `ranking_value_counts`, in the same statement.
   */
  async add(manager: EntityManager, deltas: CounterDelta[]): Promise<void> {
    const changes = deltas.filter((delta) => delta.delta !== 0).sort(byKey);
    if (changes.length === 0) return;
    await execute(
      manager,
      `WITH delta AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[]) AS d(user_id, board, delta)
       ), changed AS (
         INSERT INTO community.ranking_counters AS c (user_id, board, value)
         SELECT user_id, board, delta FROM delta
         ON CONFLICT (user_id, board) DO UPDATE SET value = c.value + excluded.value, updated_at = now()
         RETURNING c.user_id, c.board, c.value
       ), moves AS (
         SELECT c.board, c.value, 1 AS users FROM changed c WHERE c.value > 0
         UNION ALL
         SELECT c.board, c.value - d.delta, -1 FROM changed c JOIN delta d USING (user_id, board) WHERE c.value - d.delta > 0
       )
       INSERT INTO community.ranking_value_counts AS h (board, value, users)
       SELECT board, value, sum(users) FROM moves GROUP BY board, value HAVING sum(users) <> 0 ORDER BY board, value
       ON CONFLICT (board, value) DO UPDATE SET users = h.users + excluded.users`,
      [changes.map((change) => change.userId), changes.map((change) => change.board), changes.map((change) => change.delta)],
    );
  }

  /** The first `limit` users of each board with a value above 0: by value, then who reached it first. */
  top(boards: readonly UserRankingBoard[], limit: number): Promise<BoardRow[]> {
    return selectRows(
      this.dataSource,
      BoardRow,
      `SELECT b.board, t.value, t.username, t.display_name, t.avatar
       FROM unnest($1::text[]) WITH ORDINALITY AS b(board, n)
       CROSS JOIN LATERAL (
         SELECT c.value, u.username, u.display_name, u.avatar, c.updated_at, c.user_id
         FROM community.ranking_counters c JOIN community.user_refs u ON u.id = c.user_id
         WHERE c.board = b.board AND c.value > 0
         ORDER BY c.value DESC, c.updated_at, c.user_id LIMIT $2
       ) t
       ORDER BY b.n, t.value DESC, t.updated_at, t.user_id`,
      [boards, limit],
    );
  }

  /** A user's value on each board where it is above 0, with the place: one more than the users holding more. */
  own(userId: string): Promise<OwnRow[]> {
    return selectRows(
      this.dataSource,
      OwnRow,
      `SELECT m.board, m.value, u.username, u.display_name, u.avatar,
         (SELECT coalesce(sum(h.users), 0) FROM community.ranking_value_counts h WHERE h.board = m.board AND h.value > m.value)::int + 1 AS place
       FROM community.ranking_counters m JOIN community.user_refs u ON u.id = m.user_id
       WHERE m.user_id = $1 AND m.value > 0`,
      [userId],
    );
  }
}
