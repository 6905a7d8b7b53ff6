import type { z } from 'zod';
import type {
  quizAnswerReviewSchema,
  quizAttemptSchema,
  quizBestSchema,
  quizEditableSchema,
  quizModerationPageSchema,
  quizPageSchema,
  quizPlayQuestionSchema,
  quizQuestionInputSchema,
  quizScoredSchema,
  quizSummarySchema,
} from './quizzes.answers';

/**
 * Quizzes (docs/community.md, «Quizzes»): users write them, admins approve them, everyone signed in
 * plays the approved ones. The server keeps the correct answers to itself until an attempt is
 * submitted and computes the score. Constants and the answers' types (schemas in quizzes.answers.ts).
 */

export const QUIZ_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];

export const QUIZ_STATUS_LABELS: Record<QuizStatus, string> = {
  pending: 'На модерации',
  approved: 'Опубликован',
  rejected: 'Отклонён',
};

/** `popular`: most players first; `new`: newest first; `title`: alphabetical. */
export const QUIZ_SORTS = ['popular', 'new', 'title'] as const;
export type QuizSort = (typeof QUIZ_SORTS)[number];

export const QUIZ_TITLE_MIN = 3;
export const QUIZ_TITLE_MAX = 120;
export const QUIZ_DESCRIPTION_MAX = 1000;
export const QUIZ_QUESTIONS_MIN = 3;
export const QUIZ_QUESTIONS_MAX = 50;
export const QUIZ_QUESTION_MAX = 300;
export const QUIZ_OPTIONS_MIN = 2;
export const QUIZ_OPTIONS_MAX = 6;
export const QUIZ_OPTION_MAX = 150;
export const QUIZ_ANIME_MAX = 10;
export const QUIZ_TIME_LIMIT_MIN = 30;
export const QUIZ_TIME_LIMIT_MAX = 3600;
export const QUIZ_REASON_MAX = 500;
export const QUIZZES_PAGE_SIZE = 20;
export const QUIZZES_PAGE_MAX = 1000;
/** Quizzes one author may have waiting for moderation at a time. */
export const QUIZ_PENDING_LIMIT = 5;
/** Quizzes one author may create in 24 hours. */
export const QUIZ_DAILY_LIMIT = 10;
/** A timed attempt is still taken this long after its time is up (the answer's trip to the server). */
export const QUIZ_SUBMIT_GRACE_SECONDS = 10;

/** Cover and question images: checked by content and stored as WebP at this width. */
export const QUIZ_IMAGE_WIDTH = 640;
export const QUIZ_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const quizImageUrl = (id: string) => `/uploads/quiz/${id}-${QUIZ_IMAGE_WIDTH}.webp`;
export const quizUrl = (id: string) => `/quiz/${id}`;

/** What the image upload answers: send `id` as a quiz's `cover` or a question's `image`. */
export interface QuizImageUpload {
  id: string;
  url: string;
}

export type QuizAnimeRef = QuizSummary['anime'][number];
/** A quiz as the lists and its page show it: never its questions. */
export type QuizSummary = z.output<typeof quizSummarySchema>;
export type QuizBest = z.output<typeof quizBestSchema>;
export type QuizPage = z.output<typeof quizPageSchema>;
/** A question as the editor writes it: `correct` holds indexes into `options`. */
export type QuizQuestionInput = z.output<typeof quizQuestionInputSchema>;
/** A question with its answers, for its author and admins only (the editor, moderation). */
export type QuizEditableQuestion = QuizEditable['questions'][number];
export type QuizEditable = z.output<typeof quizEditableSchema>;
export type QuizModerationPage = z.output<typeof quizModerationPageSchema>;
/** A question as a player gets it: no answers. `multiple`: more than one option is to be chosen. */
export type QuizPlayQuestion = z.output<typeof quizPlayQuestionSchema>;
/** POST /quiz/{id}/attempts. */
export type QuizAttempt = z.output<typeof quizAttemptSchema>;
export type QuizAnswerReview = z.output<typeof quizAnswerReviewSchema>;
/** POST /user/quiz-result: the score the server computed. */
export type QuizResult = z.output<typeof quizScoredSchema>;

export const QUIZ_MESSAGES = {
  id: 'Некорректный идентификатор квиза',
  attemptId: 'Некорректный идентификатор попытки',
  title: `Название должно быть от ${QUIZ_TITLE_MIN} до ${QUIZ_TITLE_MAX} символов`,
  description: `Описание должно быть не длиннее ${QUIZ_DESCRIPTION_MAX} символов`,
  image: 'Некорректное изображение: загрузите его заново',
  anime: `Укажите не больше ${QUIZ_ANIME_MAX} аниме из каталога`,
  animeNotFound: 'Аниме с таким id нет в каталоге',
  timeLimit: `Ограничение времени — от ${QUIZ_TIME_LIMIT_MIN} до ${QUIZ_TIME_LIMIT_MAX} секунд`,
  questions: `В квизе должно быть от ${QUIZ_QUESTIONS_MIN} до ${QUIZ_QUESTIONS_MAX} вопросов`,
  questionText: `Текст вопроса должен быть от 1 до ${QUIZ_QUESTION_MAX} символов`,
  options: `У вопроса должно быть от ${QUIZ_OPTIONS_MIN} до ${QUIZ_OPTIONS_MAX} вариантов ответа`,
  optionText: `Вариант ответа должен быть от 1 до ${QUIZ_OPTION_MAX} символов`,
  optionsDistinct: 'Варианты ответа одного вопроса не должны повторяться',
  correct: 'Отметьте хотя бы один правильный вариант',
  correctIndex: 'Правильный ответ должен указывать на существующий вариант',
  nul: 'Текст содержит недопустимые символы',
  sort: `Сортировка должна быть одной из: ${QUIZ_SORTS.join(', ')}`,
  page: `Страница должна быть целым числом от 1 до ${QUIZZES_PAGE_MAX}`,
  reason: `Причина должна быть от 1 до ${QUIZ_REASON_MAX} символов`,
  answers: 'Ответы: по списку выбранных вариантов на каждый вопрос',
  answersCount: 'Число ответов не совпадает с числом вопросов квиза',
  notFound: 'Квиз не найден',
  attemptNotFound: 'Попытка не найдена',
  notPlayable: 'Квиз ещё не одобрен модератором',
  notPending: 'Квиз уже не ждёт модерации',
  alreadySubmitted: 'Эта попытка уже засчитана',
  timeUp: 'Время на прохождение квиза истекло',
  quizChanged: 'Квиз изменился после начала попытки — начните заново',
  forbidden: 'Изменять квиз может только его автор или администратор',
  pendingLimit: `У вас уже ${QUIZ_PENDING_LIMIT} квизов на модерации — дождитесь решения по ним`,
  dailyLimit: `Не больше ${QUIZ_DAILY_LIMIT} новых квизов в сутки`,
  signInRequired: 'Чтобы пройти или создать квиз, войдите',
  imageMissing: 'Выберите изображение: JPEG, PNG, WebP или GIF',
  imageType: 'Изображение должно быть JPEG, PNG, WebP или GIF',
  imageTooLarge: `Изображение слишком большое: не больше ${QUIZ_IMAGE_MAX_BYTES / 1024 / 1024} МБ`,
  imageBroken: 'Не удалось прочитать изображение',
  notMultipart: 'Отправьте изображение как multipart/form-data в поле file',
} as const;
