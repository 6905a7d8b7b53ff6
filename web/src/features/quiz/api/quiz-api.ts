import type { QuizImageUpload, QuizQuestionInput, QuizSort } from '@portal/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';
import { uploadFile } from '../../../shared/api/upload-file';

const quizzes = operationsOf('quizzes');

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

export const fetchQuizzes = (sort: QuizSort, page: number, signal?: AbortSignal) => quizzes.list({ sort, ...pageQuery(page) }, { signal });
export const fetchMyQuizzes = (page: number, signal?: AbortSignal) => quizzes.mine(pageQuery(page), { signal });
export const fetchQuiz = (id: string, signal?: AbortSignal) => quizzes.get({ id }, { signal });
export const fetchEditableQuiz = (id: string, signal?: AbortSignal) => quizzes.editable({ id }, { signal });
export const fetchModeration = (page: number, signal?: AbortSignal) => quizzes.moderation(pageQuery(page), { signal });
export const createQuiz = (quiz: QuizWrite) => quizzes.create(quiz);
export const updateQuiz = (id: string, quiz: QuizWrite) => quizzes.update({ ...quiz, id });
export const deleteQuiz = (id: string) => quizzes.delete({ id });
export const approveQuiz = (id: string) => quizzes.approve({ id });
export const rejectQuiz = (id: string, reason: string) => quizzes.reject({ id, reason });
export const startAttempt = (id: string) => quizzes.start({ id });
export const submitAnswers = (answers: QuizAnswers) => quizzes.submit(answers);
export const uploadQuizImage = (file: Blob, name = 'image') => uploadFile<QuizImageUpload>('/quiz/images', file, name);

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
