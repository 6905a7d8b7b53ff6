import { defineOperation } from '../operations/define-operation';
import { auditLogPageSchema, siteStatsSchema } from './moderation.answers';
import { auditLogQuerySchema, statsQuerySchema } from './moderation.schemas';

/** The audit log (docs/moderation.md, «Audit log»): what happened to accounts and what admins decided. */
export const AUDIT_LOG_OPERATIONS = {
  list: defineOperation({
    pattern: 'moderation.audit-log.list',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/admin/audit-log', page: true },
    summary:
      'Admin: account events (registrations, profile and role changes) and moderation decisions, newest first; ?event&actorId&subjectUserId&from&to, ?page&limit (50)',
    notes:
      'Every filter is optional, combined with AND: `event` an exact event name (`[a-z.-]`, ≤ 100), `actorId` / `subjectUserId` uuids, `from` / `to` ISO dates or date-times, inclusive (a bare `to` covers its day); `limit` ≤ 100 (default 50). An entry is `eventName, subjectUserId, subjectName, actorId, actorName, details, occurredAt`: the names are the nicknames now, null when the account is gone or auth did not answer. A bad filter is a 400 naming the field (docs/moderation.md, «Audit log»).',
    request: auditLogQuerySchema,
    answer: auditLogPageSchema,
  }),
};

/** The site statistics (docs/moderation.md, «Statistics»). */
export const STATS_OPERATIONS = {
  get: defineOperation({
    pattern: 'moderation.stats.get',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/admin/stats' },
    summary:
      'Admin: site statistics for ?days=7|30|90 (7 by default; other values 400): per Moscow day registrations, active users, chat messages, comments, reviews, reports opened and decided, with totals; and every job queue (waiting, active, delayed, failed) as it is now',
    notes:
      'Anything but 7, 30 or 90 is a 400 naming `days`: «Период статистики: 7, 30, 90 дней». `series` is oldest first, ending today: `{ day (YYYY-MM-DD, Moscow), registrations, activeUsers, episodesWatched, chatMessages, comments, reviews, reportsOpened, reportsResolved }`; `queues` is `[{ name, waiting, active, delayed, failed }]` (docs/moderation.md, «Statistics»).',
    request: statsQuerySchema,
    answer: siteStatsSchema,
  }),
};
