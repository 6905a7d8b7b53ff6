import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { ORDER_OPEN_STATUSES, ORDER_STATUSES, type OrderSort, type OrderStatus } from '@portal/contracts';
import { execute, existingRow, selectRow, selectRows } from '@portal/db';

/** A request with its author's name and its title's poster, as every read selects it. */
export const OrderRow = z.object({
  id: z.string(),
  anime_id: z.number().int().nullable(),
  title: z.string(),
  title_key: z.string(),
  note: z.string(),
  author_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  rejection_reason: z.string().nullable(),
  votes: z.number().int(),
  created_at: z.date(),
  updated_at: z.date(),
  username: z.string().nullable(),
  poster: z.string().nullable(),
});
export type OrderRow = z.output<typeof OrderRow>;

const Count = z.object({ n: z.number().int() });
const Votes = z.object({ votes: z.number().int() });
const Found = z.object({ found: z.literal(1) });

export interface NewOrder {
  id: string;
  animeId: number | null;
  title: string;
  titleKey: string;
  note: string;
  authorId: string;
}

const OPEN = `(${ORDER_OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`;
const COLUMNS = `o.id, o.anime_id, o.title, o.title_key, o.note, o.author_id, o.status, o.rejection_reason, o.votes, o.created_at, o.updated_at,
  (SELECT u.username FROM community.user_refs u WHERE u.id = o.author_id) AS username,
  (SELECT a.poster FROM community.anime_refs a WHERE a.id = o.anime_id) AS poster`;
const ORDER_BY: Record<OrderSort, string> = {
  votes: 'o.votes DESC, o.created_at DESC, o.id',
  date: 'o.created_at DESC, o.id',
};

@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<OrderRow | null> {
    return selectRow(manager, OrderRow, `SELECT ${COLUMNS} FROM community.orders o WHERE o.id = $1`, [id]);
  }

  /** Locks a request until the transaction ends: its votes and status changes take turns. */
  async lock(manager: EntityManager, id: string): Promise<OrderRow | null> {
    return selectRow(manager, OrderRow, `SELECT ${COLUMNS} FROM community.orders o WHERE o.id = $1 FOR NO KEY UPDATE OF o`, [id]);
  }

  /** One user's requests queue up (their open count is checked, then a request added). */
  async lockAuthor(manager: EntityManager, userId: string): Promise<void> {
    await execute(manager, `SELECT pg_advisory_xact_lock(hashtextextended('community.orders:' || $1, 0))`, [userId]);
  }

  /** The open request of this title (by catalogue id or by name), locked. */
  async lockOpenDuplicate(manager: EntityManager, animeId: number | null, titleKey: string): Promise<OrderRow | null> {
    return selectRow(
      manager,
      OrderRow,
      `SELECT ${COLUMNS} FROM community.orders o
       WHERE o.status IN ${OPEN} AND ((o.anime_id = $1 AND $1 IS NOT NULL) OR o.title_key = $2)
       ORDER BY o.created_at LIMIT 1 FOR NO KEY UPDATE OF o`,
      [animeId, titleKey],
    );
  }

  async countOpenBy(manager: EntityManager, authorId: string): Promise<number> {
    const row = await selectRow(manager, Count, `SELECT count(*)::int AS n FROM community.orders WHERE author_id = $1 AND status IN ${OPEN}`, [authorId]);
    return row?.n ?? 0;
  }

  /** False when an open request of the title appeared meanwhile (the unique indexes decide). */
  async insert(manager: EntityManager, order: NewOrder): Promise<boolean> {
    const rows = await selectRows(
      manager,
      Found,
      `INSERT INTO community.orders (id, anime_id, title, title_key, note, author_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING 1 AS found`,
      [order.id, order.animeId, order.title, order.titleKey, order.note, order.authorId],
    );
    return rows.length > 0;
  }

  /** Adds the user's vote (once); the count changes only when it is new. Returns the count. */
  async addVote(manager: EntityManager, orderId: string, userId: string): Promise<number> {
    const row = await selectRow(
      manager,
      Votes,
      `WITH added AS (INSERT INTO community.order_votes (order_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1),
       counted AS (UPDATE community.orders SET votes = votes + (SELECT count(*)::int FROM added) WHERE id = $1 RETURNING votes)
       SELECT votes FROM counted`,
      [orderId, userId],
    );
    return existingRow(row, 'the locked order request').votes;
  }

  /** Takes the user's vote back (if there was one). Returns the count. */
  async removeVote(manager: EntityManager, orderId: string, userId: string): Promise<number> {
    const row = await selectRow(
      manager,
      Votes,
      `WITH removed AS (DELETE FROM community.order_votes WHERE order_id = $1 AND user_id = $2 RETURNING 1),
       counted AS (UPDATE community.orders SET votes = votes - (SELECT count(*)::int FROM removed) WHERE id = $1 RETURNING votes)
       SELECT votes FROM counted`,
      [orderId, userId],
    );
    return existingRow(row, 'the locked order request').votes;
  }

  async setStatus(
    manager: EntityManager,
    id: string,
    change: { status: OrderStatus; reason: string | null; animeId: number | null; title: string | null; adminId: string },
  ) {
    await execute(
      manager,
      `UPDATE community.orders SET status = $2, rejection_reason = $3, anime_id = coalesce($4, anime_id), title = coalesce($5, title),
         status_changed_by = $6, updated_at = now()
       WHERE id = $1`,
      [id, change.status, change.reason, change.animeId, change.title, change.adminId],
    );
    return existingRow(await this.find(id, manager), `the locked order request ${id}`);
  }

  async page(status: OrderStatus | undefined, sort: OrderSort, offset: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
    const where = status ? 'WHERE o.status = $3' : '';
    const params: unknown[] = [limit, offset, ...(status ? [status] : [])];
    const [rows, count] = await Promise.all([
      selectRows(this.dataSource, OrderRow, `SELECT ${COLUMNS} FROM community.orders o ${where} ORDER BY ${ORDER_BY[sort]} LIMIT $1 OFFSET $2`, params),
      selectRow(this.dataSource, Count, `SELECT count(*)::int AS n FROM community.orders o ${status ? 'WHERE o.status = $1' : ''}`, status ? [status] : []),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** Which of these requests the user voted for. */
  async votedBy(userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await selectRows(
      this.dataSource,
      z.object({ order_id: z.string() }),
      `SELECT order_id FROM community.order_votes WHERE user_id = $1 AND order_id = ANY($2::uuid[])`,
      [userId, ids],
    );
    return new Set(rows.map((row) => row.order_id));
  }

  async hasVote(orderId: string, userId: string): Promise<boolean> {
    const rows = await selectRows(this.dataSource, Found, `SELECT 1 AS found FROM community.order_votes WHERE order_id = $1 AND user_id = $2`, [
      orderId,
      userId,
    ]);
    return rows.length > 0;
  }

  /** Everyone who voted for a request (frozen once it is closed), in the order they voted. */
  async voters(manager: EntityManager, orderId: string): Promise<string[]> {
    const rows = await selectRows(
      manager,
      z.object({ user_id: z.string() }),
      `SELECT user_id FROM community.order_votes WHERE order_id = $1 ORDER BY created_at, user_id`,
      [orderId],
    );
    return rows.map((row) => row.user_id);
  }
}
