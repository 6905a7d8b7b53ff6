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
    summary: 'Admin: account events (registrations, profile and role changes) and moderation decisions, newest first; ?event&actorId&subjectUserId&from&to, ?page&limit (50)',
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
    request: statsQuerySchema,
    answer: siteStatsSchema,
  }),
};
