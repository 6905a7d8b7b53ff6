import type {
  QuizAttempt,
  QuizEditable,
  QuizImageUpload,
  QuizModerationPage,
  QuizPage,
  QuizQuestionInput,
  QuizResult,
  QuizSort,
  QuizSummary,
} from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';
import { uploadFile } from '../../../shared/api/upload-file';

/** Every address the quizzes call (docs/api.md, «Quizzes»). */
export const QUIZ_PATHS = {
  list: '/quiz',
  mine: '/quiz/mine',
  moderation: '/quiz/moderation',
  images: '/quiz/images',
  one: (id: string) => `/quiz/${encodeURIComponent(id)}`,
  editable: (id: string) => `/quiz/${encodeURIComponent(id)}/edit`,
  approve: (id: string) => `/quiz/${encodeURIComponent(id)}/approve`,
  reject: (id: string) => `/quiz/${encodeURIComponent(id)}/reject`,
  attempts: (id: string) => `/quiz/${encodeURIComponent(id)}/attempts`,
  result: '/user/quiz-result',
} as const;

/** What the editor sends: the whole quiz, every time. */
export interface QuizWrite {
  title: string;
  description: string;
  cover: string | null;
  animeIds: number[];
  timeLimitSeconds: number | null;
  questions: QuizQuestionInput[];
}

export interface QuizAnswers {
  quizId: string;
  attemptId: string;
  answers: number[][];
}

const pageQuery = (page: number) => ({ page: page > 1 ? page : undefined });

export const fetchQuizzes = (sort: QuizSort, page: number, signal?: AbortSignal) =>
  apiRequest<QuizPage>(QUIZ_PATHS.list, { query: { sort, ...pageQuery(page) }, signal });
export const fetchMyQuizzes = (page: number, signal?: AbortSignal) => apiRequest<QuizPage>(QUIZ_PATHS.mine, { query: pageQuery(page), signal });
export const fetchQuiz = (id: string, signal?: AbortSignal) => apiRequest<QuizSummary>(QUIZ_PATHS.one(id), { signal });
export const fetchEditableQuiz = (id: string, signal?: AbortSignal) => apiRequest<QuizEditable>(QUIZ_PATHS.editable(id), { signal });
export const fetchModeration = (page: number, signal?: AbortSignal) => apiRequest<QuizModerationPage>(QUIZ_PATHS.moderation, { query: pageQuery(page), signal });
export const createQuiz = (quiz: QuizWrite) => apiRequest<QuizEditable>(QUIZ_PATHS.list, { method: 'POST', body: quiz });
export const updateQuiz = (id: string, quiz: QuizWrite) => apiRequest<QuizEditable>(QUIZ_PATHS.one(id), { method: 'PUT', body: quiz });
export const deleteQuiz = (id: string) => apiRequest<{ id: string; deleted: true }>(QUIZ_PATHS.one(id), { method: 'DELETE' });
export const approveQuiz = (id: string) => apiRequest<QuizSummary>(QUIZ_PATHS.approve(id), { method: 'PUT' });
export const rejectQuiz = (id: string, reason: string) => apiRequest<QuizSummary>(QUIZ_PATHS.reject(id), { method: 'PUT', body: { reason } });
export const startAttempt = (id: string) => apiRequest<QuizAttempt>(QUIZ_PATHS.attempts(id), { method: 'POST' });
export const submitAnswers = (answers: QuizAnswers) => apiRequest<QuizResult>(QUIZ_PATHS.result, { method: 'POST', body: answers });
export const uploadQuizImage = (file: Blob, name = 'image') => uploadFile<QuizImageUpload>(QUIZ_PATHS.images, file, name);

export const quizKeys = {
  all: ['quiz'] as const,
  lists: ['quiz', 'list'] as const,
  list: (sort: QuizSort, page: number) => ['quiz', 'list', sort, page] as const,
  mine: (page: number) => ['quiz', 'list', 'mine', page] as const,
  moderation: ['quiz', 'moderation'] as const,
  moderationPage: (page: number) => ['quiz', 'moderation', page] as const,
  one: (id: string) => ['quiz', 'one', id] as const,
  editable: (id: string) => ['quiz', 'editable', id] as const,
};

export const quizzesQuery = (sort: QuizSort, page: number) =>
  queryOptions({ queryKey: quizKeys.list(sort, page), queryFn: ({ signal }) => fetchQuizzes(sort, page, signal), placeholderData: keepPreviousData });

export const myQuizzesQuery = (page: number) =>
  queryOptions({ queryKey: quizKeys.mine(page), queryFn: ({ signal }) => fetchMyQuizzes(page, signal), placeholderData: keepPreviousData });

export const quizQuery = (id: string) => queryOptions({ queryKey: quizKeys.one(id), queryFn: ({ signal }) => fetchQuiz(id, signal) });

export const editableQuizQuery = (id: string) =>
  queryOptions({ queryKey: quizKeys.editable(id), queryFn: ({ signal }) => fetchEditableQuiz(id, signal), staleTime: Infinity });

export const moderationQuery = (page: number) =>
  queryOptions({ queryKey: quizKeys.moderationPage(page), queryFn: ({ signal }) => fetchModeration(page, signal), placeholderData: keepPreviousData });
