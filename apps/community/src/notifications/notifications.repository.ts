import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_ACTORS_SHOWN, type NotificationActor, type NotificationItem, type NotificationKind } from '@portal/contracts';

export interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  actors: NotificationActor[];
  actor_count: number;
  target: NotificationItem['target'];
  created_at: Date;
  updated_at: Date;
  read_at: Date | null;
  /** `updated_at` in microseconds since the epoch, as text: the exact position for a cursor. */
  position: string;
}

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  groupKey: string | null;
  actor: NotificationActor | null;
  target: object;
}

const COLUMNS = `n.id, n.user_id, n.kind, n.actors, n.actor_count, n.target, n.created_at, n.updated_at, n.read_at,
  floor(extract(epoch FROM n.updated_at) * 1000000)::bigint::text AS position`;

/** `<position>_<id>` of the last item of a page: the next page starts after it. */
export interface NotificationCursor {
  position: string;
  id: string;
}

@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores a notification in the caller's transaction. With a group key it joins the recipient's
   * unread notification of that group when there is one (one statement, so concurrent events of one
   * group never make two): the actor goes first in the recent actors (capped) and counts once, and
   * the notification moves to the top. An actor already among its recent actors changes nothing
   * (a like taken back and given again): null.
   */
  async upsert(manager: EntityManager, notification: NewNotification): Promise<NotificationRow | null> {
    const actors = notification.actor ? [{ id: notification.actor.id, username: notification.actor.username }] : [];
    const rows: NotificationRow[] = await manager.query(
      `INSERT INTO community.notifications AS n (user_id, kind, group_key, actors, actor_count, target)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb)
       ON CONFLICT (user_id, group_key) WHERE read_at IS NULL DO UPDATE SET
         actors = jsonb_path_query_array(EXCLUDED.actors || n.actors, '$[0 to ${NOTIFICATION_ACTORS_SHOWN - 1}]'),
         actor_count = n.actor_count + EXCLUDED.actor_count,
         kind = EXCLUDED.kind,
         target = EXCLUDED.target,
         updated_at = now()
       WHERE EXCLUDED.actor_count = 0 OR NOT n.actors @> jsonb_build_array(jsonb_build_object('id', EXCLUDED.actors -> 0 -> 'id'))
       RETURNING ${COLUMNS}`,
      [notification.userId, notification.kind, notification.groupKey, JSON.stringify(actors), actors.length, JSON.stringify(notification.target)],
    );
    return rows[0] ?? null;
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<NotificationRow | null> {
    const rows: NotificationRow[] = await manager.query(`SELECT ${COLUMNS} FROM community.notifications n WHERE n.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Newest (by `updated_at`, then id) first, after the cursor; one more than `limit` tells whether a next page exists. */
  page(userId: string, options: { unreadOnly: boolean; after: NotificationCursor | null; limit: number }): Promise<NotificationRow[]> {
    const parameters: unknown[] = [userId, options.limit];
    const conditions = ['n.user_id = $1'];
    if (options.unreadOnly) conditions.push('n.read_at IS NULL');
    if (options.after) {
      parameters.push(options.after.position, options.after.id);
      conditions.push(`(n.updated_at, n.id) < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::uuid)`);
    }
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM community.notifications n WHERE ${conditions.join(' AND ')} ORDER BY n.updated_at DESC, n.id DESC LIMIT $2`,
      parameters,
    );
  }

  async unreadCount(userId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row]: Array<{ n: number }> = await manager.query(
      'SELECT count(*)::int AS n FROM community.notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    );
    return row.n;
  }

  /** Marks the user's own unread notifications read: those of `ids` (others' ids match nothing), or all. */
  async markRead(userId: string, ids: string[] | 'all'): Promise<number> {
    const [, affected]: [unknown, number] =
      ids === 'all'
        ? await this.dataSource.query('UPDATE community.notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId])
        : await this.dataSource.query(
            'UPDATE community.notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND id = ANY($2::uuid[])',
            [userId, ids],
          );
    return affected;
  }
}
