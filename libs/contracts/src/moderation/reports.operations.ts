import { defineOperation } from '../operations/define-operation';
import { reportCreatedSchema } from './reports.answers';
import { reportCreateSchema } from './reports.schemas';

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
    request: reportCreateSchema,
    answer: reportCreatedSchema,
  }),
};
