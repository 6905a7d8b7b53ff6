import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { NOTIFICATION_ACTORS_SHOWN, NOTIFICATION_KINDS, type NotificationActor, type NotificationKind } from '@portal/contracts';
import { NOTIFICATION_TARGETS, notificationActorSchema } from '@portal/contracts/community/notifications.answers';
import { returning, selectRow, selectRows } from '@portal/db';

/** A notification, as every read selects it (COLUMNS). */
export const NotificationRow = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  actors: z.array(notificationActorSchema),
  actor_count: z.number().int(),
  /** What the notification is about: the target of one of the kinds (NOTIFICATION_TARGETS). */
  target: z.union(Object.values(NOTIFICATION_TARGETS)),
  created_at: z.date(),
  updated_at: z.date(),
  read_at: z.date().nullable(),
  /** `updated_at` in microseconds since the epoch, as text: the exact position for a cursor. */
  position: z.string(),
});
export type NotificationRow = z.output<typeof NotificationRow>;

/** A notification marked read. */
const Marked = z.object({ id: z.string() });

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
    return selectRow(
      manager,
      NotificationRow,
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
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<NotificationRow | null> {
    return selectRow(manager, NotificationRow, `SELECT ${COLUMNS} FROM community.notifications n WHERE n.id = $1`, [id]);
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
    return selectRows(
      this.dataSource,
      NotificationRow,
      `SELECT ${COLUMNS} FROM community.notifications n WHERE ${conditions.join(' AND ')} ORDER BY n.updated_at DESC, n.id DESC LIMIT $2`,
      parameters,
    );
  }

  async unreadCount(userId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const row = await selectRow(
      manager,
      z.object({ n: z.number().int() }),
      'SELECT count(*)::int AS n FROM community.notifications WHERE user_id = $1 AND read_at IS NULL',
      [userId],
    );
    return row?.n ?? 0;
  }

  /** Marks the user's own unread notifications read: those of `ids` (others' ids match nothing), or all. */
  async markRead(userId: string, ids: string[] | 'all'): Promise<number> {
    const marked =
      ids === 'all'
        ? await selectRows(
            this.dataSource,
            Marked,
            returning('UPDATE community.notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id'),
            [userId],
          )
        : await selectRows(
            this.dataSource,
            Marked,
            returning('UPDATE community.notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND id = ANY($2::uuid[]) RETURNING id'),
            [userId, ids],
          );
    return marked.length;
  }
}
