import { defineOperation } from '../operations/define-operation';
import { quizAttemptSchema, quizDeletedSchema, quizEditableSchema, quizModerationPageSchema, quizPageSchema, quizScoredSchema, quizSummarySchema } from './quizzes.answers';
import { quizListQuerySchema, quizPageQuerySchema, quizParamsSchema, quizRejectSchema, quizResultSchema, quizUpdateSchema, quizWriteSchema } from './quizzes.schemas';

/**
 * Quizzes (docs/community.md, «Quizzes»): the community owns them; the author and the player are always
 * the caller. Images are uploaded through the gateway's own route (apps/gateway/src/community/quizzes.controller.ts).
 */
export const QUIZZES_OPERATIONS = {
  list: defineOperation({
    pattern: 'community.quiz.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/quiz' },
    summary: 'Approved quizzes, 20 a page; ?sort=popular|new|title (popular by default), ?page; the caller’s best result when signed in',
    request: quizListQuerySchema,
    answer: quizPageSchema,
  }),
  mine: defineOperation({
    pattern: 'community.quiz.mine',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/quiz/mine' },
    summary: 'The caller’s quizzes in every status (pending, approved, rejected with its reason), newest first',
    request: quizPageQuerySchema,
    answer: quizPageSchema,
  }),
  moderation: defineOperation({
    pattern: 'community.quiz.moderation',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/quiz/moderation' },
    summary: 'Admin: pending quizzes only, longest waiting first, with their correct answers',
    request: quizPageQuerySchema,
    answer: quizModerationPageSchema,
  }),
  get: defineOperation({
    pattern: 'community.quiz.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/quiz/:id' },
    summary: 'One quiz without its questions: approved, or the caller’s own, or any to an admin (404 otherwise)',
    request: quizParamsSchema,
    answer: quizSummarySchema,
  }),
  editable: defineOperation({
    pattern: 'community.quiz.editable',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/quiz/:id/edit' },
    summary: 'The quiz with its correct answers, for the editor: its author or an admin',
    notes: '403 for anyone else.',
    request: quizParamsSchema,
    answer: quizEditableSchema,
  }),
  create: defineOperation({
    pattern: 'community.quiz.create',
    kind: 'write',
    access: 'user',
    creates: 'content',
    http: { method: 'POST', path: '/quiz' },
    summary:
      'Create a quiz (pending until an admin approves it): title 3-120, description up to 1000, cover (an uploaded image id), animeIds (up to 10), timeLimitSeconds 30-3600 or null, 3-50 questions of text, image, 2-6 options and the indexes of the correct ones. At most 5 pending and 10 a day per author (429)',
    notes:
      "Each question is `{ text, image?, options, correct }`; an image uploaded with POST /api/quiz/images is sent by its `id` as `cover` or a question's `image`.",
    request: quizWriteSchema,
    answer: quizEditableSchema,
  }),
  update: defineOperation({
    pattern: 'community.quiz.update',
    kind: 'write',
    access: 'user',
    creates: 'content',
    http: { method: 'PUT', path: '/quiz/:id' },
    summary: 'Replace a quiz (its author or an admin); it goes back to pending',
    notes: 'The same body as POST /api/quiz.',
    request: quizUpdateSchema,
    answer: quizEditableSchema,
  }),
  delete: defineOperation({
    pattern: 'community.quiz.delete',
    kind: 'write',
    access: 'user',
    http: { method: 'DELETE', path: '/quiz/:id' },
    summary: 'Delete a quiz with its results (its author or an admin)',
    request: quizParamsSchema,
    answer: quizDeletedSchema,
  }),
  approve: defineOperation({
    pattern: 'community.quiz.approve',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/quiz/:id/approve' },
    summary: 'Admin: publish a pending quiz (409 otherwise); the author is notified',
    request: quizParamsSchema,
    answer: quizSummarySchema,
  }),
  reject: defineOperation({
    pattern: 'community.quiz.reject',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/quiz/:id/reject' },
    summary: 'Admin: reject a pending quiz with a reason (1-500 characters); the author is notified',
    request: quizRejectSchema,
    answer: quizSummarySchema,
  }),
  start: defineOperation({
    pattern: 'community.quiz.attempt.start',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/quiz/:id/attempts' },
    summary: 'Start playing an approved quiz: attemptId, the questions without their answers, timeLimitSeconds and expiresAt',
    notes: 'Each question is `{ text, imageUrl, options, multiple }`. 404 or 409 for a quiz that is not approved.',
    request: quizParamsSchema,
    answer: quizAttemptSchema,
  }),
  submit: defineOperation({
    pattern: 'community.quiz.result.submit',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/user/quiz-result', status: 200 },
    summary:
      'Submit an attempt: {quizId, attemptId, answers: [[option indexes] per question]}. The server scores it (a score or totalQuestions in the body is ignored), once per attempt and within the time limit (409 otherwise); answers which were right and the best result',
    notes:
      "`answers` holds, per question, whether each was `right` with the `selected` and `correct` options; `best` is the caller's best result, `shareUrl` a link to share it. 409 when submitted already, when time is up or when the quiz was edited; 404 for an attempt that is not the caller's.",
    request: quizResultSchema,
    answer: quizScoredSchema,
  }),
};
