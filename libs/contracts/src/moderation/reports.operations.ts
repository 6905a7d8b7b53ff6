import { defineOperation } from '../operations/define-operation';
import { reportCasePageSchema, reportCaseSchema, reportCreatedSchema } from './reports.answers';
import { reportCreateSchema, reportDecisionSchema, reportQueueQuerySchema } from './reports.schemas';

/** Reports (docs/moderation.md): the moderation service owns them and asks each target's owner about it. */
export const REPORTS_OPERATIONS = {
  create: defineOperation({
    pattern: 'moderation.report.create',
    kind: 'write',
    access: 'user',
    creates: 'content',
    http: { method: 'POST', path: '/reports' },
    summary:
      'Report a comment, review, chat message, AMV or user: target { type, id }, reason spam|offence|spoiler|offtopic|nickname|other, text (required for other, up to 1000). One open report per user and target (409); not one’s own (403); 20 an hour',
    notes:
      "`target.type` is comment, review, chat_message, amv, quiz or user; ids are uuids, a chat message's is numeric. 404 when the target does not exist or is not visible to the caller; 429 past 20 an hour.",
    request: reportCreateSchema,
    answer: reportCreatedSchema,
  }),
  queue: defineOperation({
    pattern: 'moderation.reports.list',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/admin/reports', page: true },
    summary: 'Admin: the queue, one item per reported target with its count and reasons; ?status=open|resolved|rejected, ?sort=newest|most, ?page (20 a page)',
    notes: '`status` defaults to open, `sort` to newest.',
    request: reportQueueQuerySchema,
    answer: reportCasePageSchema,
  }),
  decide: defineOperation({
    pattern: 'moderation.report.decide',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/admin/reports/:id' },
    summary:
      'Admin: resolve (deleteContent: the owner deletes it; ban: its author banned in the same decision) or reject a whole case, note up to 500; every reporter is notified, the action is audited',
    notes:
      "`action` is resolve or reject; `deleteContent` and `ban` (`{ kind, reason, until? }` as POST /api/admin/users/{id}/ban, for the content's author) only with resolve. Every reporter is notified (`report.decided`). 409 when decided already; 400 on `deleteContent` for a user and on `ban` without an author; 403 when the author is an admin or the caller.",
    request: reportDecisionSchema,
    answer: reportCaseSchema,
  }),
};
