import { z } from 'zod';
import { deletedOf, isoDateTime, numberedPageOf } from '../validation/answer.schemas';
import { QUIZ_STATUSES } from './quizzes.dto';

// What the quiz operations answer (quizzes.operations.ts); the types in quizzes.dto.ts are these schemas' outputs.

export const quizBestSchema = z.object({ score: z.number().int(), totalQuestions: z.number().int(), success: z.boolean() });

/** A quiz as the lists and its page show it: never its questions. */
export const quizSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  /** The uploaded image's id (what the editor sends back) and its address. */
  cover: z.string().nullable(),
  coverUrl: z.string().nullable(),
  anime: z.array(z.object({ id: z.number().int(), title: z.string() })),
  questionCount: z.number().int(),
  /** Null: no time limit. */
  timeLimitSeconds: z.number().int().nullable(),
  status: z.enum(QUIZ_STATUSES),
  /** Only on a rejected quiz, and only to its author and admins. */
  rejectionReason: z.string().nullable(),
  /** Users who have played it. */
  players: z.number().int(),
  author: z.object({ id: z.uuid(), username: z.string().nullable() }),
  mine: z.boolean(),
  /** The caller's best result (null for guests and before a first play). */
  best: quizBestSchema.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** A question as the editor writes it: `correct` holds indexes into `options`. */
export const quizQuestionInputSchema = z.object({
  text: z.string(),
  image: z.string().nullable(),
  options: z.array(z.string()),
  correct: z.array(z.number().int()),
});

/** A quiz with its questions and answers, for its author and admins only (the editor, moderation). */
export const quizEditableSchema = quizSummarySchema.extend({ questions: z.array(quizQuestionInputSchema.extend({ imageUrl: z.string().nullable() })) });

export const quizPageSchema = numberedPageOf(quizSummarySchema);
export const quizModerationPageSchema = numberedPageOf(quizEditableSchema);

/** A question as a player gets it: no answers. `multiple`: more than one option is to be chosen. */
export const quizPlayQuestionSchema = z.object({ text: z.string(), imageUrl: z.string().nullable(), options: z.array(z.string()), multiple: z.boolean() });

/** POST /quiz/{id}/attempts. */
export const quizAttemptSchema = z.object({
  attemptId: z.uuid(),
  quizId: z.uuid(),
  questions: z.array(quizPlayQuestionSchema),
  timeLimitSeconds: z.number().int().nullable(),
  startedAt: isoDateTime,
  /** Null without a time limit. */
  expiresAt: isoDateTime.nullable(),
});

export const quizAnswerReviewSchema = z.object({ selected: z.array(z.number().int()), correct: z.array(z.number().int()), right: z.boolean() });

/** POST /user/quiz-result: the score the server computed. */
export const quizScoredSchema = z.object({
  quizId: z.uuid(),
  attemptId: z.uuid(),
  score: z.number().int(),
  totalQuestions: z.number().int(),
  success: z.boolean(),
  /** One per question, in order. */
  answers: z.array(quizAnswerReviewSchema),
  /** The caller's best result on this quiz, this one included. */
  best: quizBestSchema,
  shareUrl: z.string(),
});

export const quizDeletedSchema = deletedOf(z.uuid());
