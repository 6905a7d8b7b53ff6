import { z } from 'zod';
import { withoutBidiControls, withoutInvisibles } from '../validation/invisible-characters';
import { MAX_INT32 as MAX_INT, absentWhenEmpty as absent, boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import {
  QUIZ_ANIME_MAX,
  QUIZ_DESCRIPTION_MAX,
  QUIZ_MESSAGES,
  QUIZ_OPTION_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_QUESTION_MAX,
  QUIZ_QUESTIONS_MAX,
  QUIZ_QUESTIONS_MIN,
  QUIZ_REASON_MAX,
  QUIZ_SORTS,
  QUIZ_TIME_LIMIT_MAX,
  QUIZ_TIME_LIMIT_MIN,
  QUIZ_TITLE_MAX,
  QUIZ_TITLE_MIN,
  QUIZZES_PAGE_MAX,
} from './quizzes.dto';

// Quizzes (docs/community.md, «Quizzes»): the gateway parses every request with these, and the
// community parses what it receives with the same ones, so each schema accepts its own output. The
// web editor checks its form with `quizWriteSchema` too, so both say the same in Russian.

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Trimmed, spaces collapsed, bidi controls dropped, NUL refused, its length within [min, max]. */
const line = (min: number, max: number, message: string, clean: (text: string) => string = withoutBidiControls) =>
  z
    .string({ error: message })
    .transform((text) => collapse(clean(text)))
    .pipe(z.string().min(min, { error: message }).max(max, { error: message }))
    .refine(noNul, { error: QUIZ_MESSAGES.nul });

const imageField = z.preprocess(absent, z.uuid({ error: QUIZ_MESSAGES.image }).nullable().optional()).transform((id) => id ?? null);

const questionField = z
  .object({
    text: line(1, QUIZ_QUESTION_MAX, QUIZ_MESSAGES.questionText),
    image: imageField,
    options: z
      .array(line(1, QUIZ_OPTION_MAX, QUIZ_MESSAGES.optionText), { error: QUIZ_MESSAGES.options })
      .min(QUIZ_OPTIONS_MIN, { error: QUIZ_MESSAGES.options })
      .max(QUIZ_OPTIONS_MAX, { error: QUIZ_MESSAGES.options }),
    correct: z
      .array(integer(0, QUIZ_OPTIONS_MAX - 1, QUIZ_MESSAGES.correctIndex), { error: QUIZ_MESSAGES.correct })
      .min(1, { error: QUIZ_MESSAGES.correct })
      .max(QUIZ_OPTIONS_MAX, { error: QUIZ_MESSAGES.correct })
      .transform((indexes) => [...new Set(indexes)].sort((a, b) => a - b)),
  })
  .superRefine((question, ctx) => {
    const keys = question.options.map((option) => option.toLowerCase());
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['options'], message: QUIZ_MESSAGES.optionsDistinct });
    if (question.correct.some((index) => index >= question.options.length))
      ctx.addIssue({ code: 'custom', path: ['correct'], message: QUIZ_MESSAGES.correctIndex });
  });

/** POST /quiz and PUT /quiz/{id}: the whole quiz each time (an edit sends it back to moderation). */
export const quizWriteSchema = z.object({
  title: line(QUIZ_TITLE_MIN, QUIZ_TITLE_MAX, QUIZ_MESSAGES.title, withoutInvisibles),
  description: z
    .preprocess((value) => value ?? '', z.string({ error: QUIZ_MESSAGES.description }))
    .pipe(
      z
        .string()
        .overwrite(withoutBidiControls)
        .trim()
        .max(QUIZ_DESCRIPTION_MAX, { error: QUIZ_MESSAGES.description })
        .refine(noNul, { error: QUIZ_MESSAGES.nul }),
    ),
  cover: imageField,
  animeIds: z
    .preprocess(
      (value) => value ?? [],
      z.array(integer(1, MAX_INT, QUIZ_MESSAGES.anime), { error: QUIZ_MESSAGES.anime }).max(QUIZ_ANIME_MAX, { error: QUIZ_MESSAGES.anime }),
    )
    .transform((ids) => [...new Set(ids)]),
  timeLimitSeconds: z
    .preprocess(absent, integer(QUIZ_TIME_LIMIT_MIN, QUIZ_TIME_LIMIT_MAX, QUIZ_MESSAGES.timeLimit).nullable().optional())
    .transform((limit) => limit ?? null),
  questions: z
    .array(questionField, { error: QUIZ_MESSAGES.questions })
    .min(QUIZ_QUESTIONS_MIN, { error: QUIZ_MESSAGES.questions })
    .max(QUIZ_QUESTIONS_MAX, { error: QUIZ_MESSAGES.questions }),
});

export const quizParamsSchema = z.object({ id: z.uuid({ error: QUIZ_MESSAGES.id }) });

export const quizUpdateSchema = quizParamsSchema.extend(quizWriteSchema.shape);

const pageField = z.preprocess(absent, integer(1, QUIZZES_PAGE_MAX, QUIZ_MESSAGES.page).optional()).transform((page) => page ?? 1);

/** GET /quiz: ?sort=popular|new|title (popular by default), ?page. */
export const quizListQuerySchema = z.object({
  sort: z.preprocess(absent, z.enum(QUIZ_SORTS, { error: QUIZ_MESSAGES.sort }).optional()).transform((sort) => sort ?? 'popular'),
  page: pageField,
});

/** GET /quiz/mine and GET /quiz/moderation: ?page. */
export const quizPageQuerySchema = z.object({ page: pageField });

export const quizRejectBodySchema = z.object({ reason: line(1, QUIZ_REASON_MAX, QUIZ_MESSAGES.reason) });
export const quizRejectSchema = quizParamsSchema.extend(quizRejectBodySchema.shape);

/**
 * POST /user/quiz-result: for each question, the indexes of the chosen options (empty: unanswered).
 * Anything else in the body (a `score` or `totalQuestions` the client claims) is dropped.
 */
export const quizResultSchema = z.object({
  quizId: z.uuid({ error: QUIZ_MESSAGES.id }),
  attemptId: z.uuid({ error: QUIZ_MESSAGES.attemptId }),
  answers: z
    .array(
      z
        .array(integer(0, QUIZ_OPTIONS_MAX - 1, QUIZ_MESSAGES.answers), { error: QUIZ_MESSAGES.answers })
        .max(QUIZ_OPTIONS_MAX, { error: QUIZ_MESSAGES.answers })
        .transform((indexes) => [...new Set(indexes)].sort((a, b) => a - b)),
      { error: QUIZ_MESSAGES.answers },
    )
    .max(QUIZ_QUESTIONS_MAX, { error: QUIZ_MESSAGES.answers }),
});

export type QuizWriteRequest = z.output<typeof quizWriteSchema>;
export type QuizWriteInput = z.input<typeof quizWriteSchema>;
export type QuizUpdateRequest = z.output<typeof quizUpdateSchema>;
export type QuizIdRequest = z.output<typeof quizParamsSchema>;
export type QuizListRequest = z.output<typeof quizListQuerySchema>;
export type QuizPageRequest = z.output<typeof quizPageQuerySchema>;
export type QuizRejectRequest = z.output<typeof quizRejectSchema>;
export type QuizResultRequest = z.output<typeof quizResultSchema>;
