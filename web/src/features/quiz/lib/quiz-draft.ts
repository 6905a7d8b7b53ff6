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
  QUIZ_TIME_LIMIT_MAX,
  QUIZ_TIME_LIMIT_MIN,
  QUIZ_TITLE_MAX,
  QUIZ_TITLE_MIN,
  type QuizEditable,
  type QuizImageUpload,
} from '@portal/contracts';
import { isApiError } from '../../../shared/api/api-error';
import type { AnimePick } from '../../../shared/ui/AnimePicker';
import type { QuizWrite } from '../api/quiz-api';

/** A question as the editor holds it; `key` keeps React's list stable while questions come and go. */
export interface QuestionDraft {
  key: string;
  text: string;
  image: QuizImageUpload | null;
  options: string[];
  correct: number[];
}

/** The editor's form: numbers stay text until they are checked. */
export interface QuizDraft {
  title: string;
  description: string;
  cover: QuizImageUpload | null;
  /** The linked titles, as the picker chose them. */
  anime: AnimePick[];
  timeLimit: string;
  questions: QuestionDraft[];
}

/** Messages by the server's field paths (`title`, `questions.2.options`, …), so both sources land under the same field. */
export type DraftErrors = Record<string, string>;

let nextKey = 0;
const newKey = () => `q${++nextKey}`;

export const emptyQuestion = (): QuestionDraft => ({ key: newKey(), text: '', image: null, options: ['', ''], correct: [] });

export const emptyDraft = (): QuizDraft => ({
  title: '',
  description: '',
  cover: null,
  anime: [],
  timeLimit: '',
  questions: Array.from({ length: QUIZ_QUESTIONS_MIN }, emptyQuestion),
});

const imageOf = (id: string | null, url: string | null): QuizImageUpload | null => (id && url ? { id, url } : null);

export function draftFromQuiz(quiz: QuizEditable): QuizDraft {
  return {
    title: quiz.title,
    description: quiz.description,
    cover: imageOf(quiz.cover, quiz.coverUrl),
    anime: [...quiz.anime],
    timeLimit: quiz.timeLimitSeconds === null ? '' : String(quiz.timeLimitSeconds),
    questions: quiz.questions.map((question) => ({
      key: newKey(),
      text: question.text,
      image: imageOf(question.image, question.imageUrl),
      options: [...question.options],
      correct: [...question.correct],
    })),
  };
}

/** Removes an option; the correct marks after it move up with their options. */
export function withoutOption(question: QuestionDraft, index: number): QuestionDraft {
  return {
    ...question,
    options: question.options.filter((_, at) => at !== index),
    correct: question.correct.filter((at) => at !== index).map((at) => (at > index ? at - 1 : at)),
  };
}

export function withCorrectToggled(question: QuestionDraft, index: number): QuestionDraft {
  const correct = question.correct.includes(index) ? question.correct.filter((at) => at !== index) : [...question.correct, index].sort((a, b) => a - b);
  return { ...question, correct };
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const within = (text: string, min: number, max: number) => text.length >= min && text.length <= max;

function checkQuestion(question: QuestionDraft, path: string, errors: DraftErrors) {
  if (!within(collapse(question.text), 1, QUIZ_QUESTION_MAX)) errors[`${path}.text`] = QUIZ_MESSAGES.questionText;
  const options = question.options.map(collapse);
  if (options.length < QUIZ_OPTIONS_MIN || options.length > QUIZ_OPTIONS_MAX) errors[`${path}.options`] = QUIZ_MESSAGES.options;
  options.forEach((option, index) => {
    if (!within(option, 1, QUIZ_OPTION_MAX)) errors[`${path}.options.${index}`] = QUIZ_MESSAGES.optionText;
  });
  const keys = options.filter(Boolean).map((option) => option.toLowerCase());
  if (new Set(keys).size !== keys.length) errors[`${path}.options`] = QUIZ_MESSAGES.optionsDistinct;
  if (question.correct.length === 0) errors[`${path}.correct`] = QUIZ_MESSAGES.correct;
}

/** The request the editor sends, or the messages of what is wrong: the server's rules and words. */
export function checkDraft(draft: QuizDraft): { quiz: QuizWrite; errors: null } | { quiz: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const title = collapse(draft.title);
  if (!within(title, QUIZ_TITLE_MIN, QUIZ_TITLE_MAX)) errors.title = QUIZ_MESSAGES.title;
  const description = draft.description.trim();
  if (description.length > QUIZ_DESCRIPTION_MAX) errors.description = QUIZ_MESSAGES.description;
  const animeIds = [...new Set(draft.anime.map((anime) => anime.id))];
  if (animeIds.length > QUIZ_ANIME_MAX) errors.animeIds = QUIZ_MESSAGES.anime;
  const limitText = draft.timeLimit.trim();
  const timeLimitSeconds = limitText === '' ? null : Number(limitText);
  if (
    timeLimitSeconds !== null &&
    !(Number.isInteger(timeLimitSeconds) && timeLimitSeconds >= QUIZ_TIME_LIMIT_MIN && timeLimitSeconds <= QUIZ_TIME_LIMIT_MAX)
  ) {
    errors.timeLimitSeconds = QUIZ_MESSAGES.timeLimit;
  }
  if (draft.questions.length < QUIZ_QUESTIONS_MIN || draft.questions.length > QUIZ_QUESTIONS_MAX) errors.questions = QUIZ_MESSAGES.questions;
  draft.questions.forEach((question, index) => checkQuestion(question, `questions.${index}`, errors));
  if (Object.keys(errors).length > 0) return { quiz: null, errors };
  return {
    quiz: {
      title,
      description,
      cover: draft.cover?.id ?? null,
      animeIds,
      timeLimitSeconds,
      questions: draft.questions.map((question) => ({
        text: collapse(question.text),
        image: question.image?.id ?? null,
        options: question.options.map(collapse),
        correct: question.correct,
      })),
    },
    errors: null,
  };
}

/** The server's field messages by path (an id in `animeIds.0` is reported on the field `animeIds`). */
export function serverErrors(error: unknown): DraftErrors {
  if (!isApiError(error)) return {};
  const errors: DraftErrors = {};
  for (const { field, message } of error.fieldErrors) {
    const path = field.startsWith('animeIds') ? 'animeIds' : field;
    errors[path] ??= message;
  }
  return errors;
}
