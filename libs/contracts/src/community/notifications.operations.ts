import { defineOperation } from '../operations/define-operation';
import { emptySchema } from '../validation/common.schemas';
import { notificationPageSchema, unreadCountSchema } from './notifications.answers';
import { notificationListQuerySchema, notificationReadSchema } from './notifications.schemas';

/** The signed-in user's in-app notifications (docs/community.md, «Notifications»): always the caller's own; live over `/notifications`. */
export const NOTIFICATIONS_OPERATIONS = {
  list: defineOperation({
    pattern: 'community.notifications.list',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/notifications' },
    summary: 'Own notifications, most recently updated first (`?unread=true`: only unread), with the unread total; older pages with ?cursor=<nextCursor>',
    notes:
      '`limit` 1–50 (default 20); `unread=false` or nothing: all. A grouped notification that gains an actor moves up; `unread` is the total of unread ones. An item is `id, kind, actors: [{ id, username }]` (latest first, ≤ 3), `actorCount, target, text` (Russian, e.g. «ivan и ещё 2 оценили ваш комментарий»), `createdAt, updatedAt, read`.',
    request: notificationListQuerySchema,
    answer: notificationPageSchema,
  }),
  unreadCount: defineOperation({
    pattern: 'community.notifications.unread-count',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/notifications/unread-count' },
    summary: 'How many of the own notifications are unread',
    request: emptySchema,
    answer: unreadCountSchema,
  }),
  read: defineOperation({
    pattern: 'community.notifications.read',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/notifications/read', status: 200 },
    summary: "Mark own notifications read: `{ ids }` (at most 100; others' ids are ignored) or `{ all: true }`; answers the unread count left",
    notes: "`ids` are 1–100 uuids. The user's sockets get `notification:unread` when something was marked.",
    request: notificationReadSchema,
    answer: unreadCountSchema,
  }),
};
