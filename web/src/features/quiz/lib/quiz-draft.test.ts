import { QUIZ_ANIME_MAX, QUIZ_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { makeEditable } from '../testing/quiz-fixtures';
import { checkDraft, draftFromQuiz, emptyDraft, serverErrors, withCorrectToggled, withoutOption, type QuizDraft } from './quiz-draft';

const filled = (): QuizDraft => draftFromQuiz(makeEditable());

describe('the quiz editor’s draft', () => {
  it('turns a filled form into the request, spaces collapsed and numbers parsed', () => {
    const draft = { ...filled(), title: '  Знаток   «Тетради» ', anime: [1535, 20, 1535].map((id) => ({ id, title: `Аниме ${id}` })), timeLimit: ' 90 ' };
    const { quiz, errors } = checkDraft(draft);
    expect(errors).toBeNull();
    expect(quiz).toMatchObject({ title: 'Знаток «Тетради»', animeIds: [1535, 20], timeLimitSeconds: 90, cover: null });
    expect(quiz?.questions[0]).toEqual({ text: 'Кто написал имя в тетради первым?', image: null, options: ['Лайт', 'L', 'Миса'], correct: [0] });
  });

  it('reports every rule the server checks, under the server’s field paths and words', () => {
    const draft = emptyDraft();
    draft.title = 'ab';
    draft.timeLimit = '10';
    draft.anime = Array.from({ length: QUIZ_ANIME_MAX + 1 }, (_, index) => ({ id: index + 1, title: `Аниме ${index + 1}` }));
    draft.questions = draft.questions.slice(0, 2);
    draft.questions[1] = { ...draft.questions[1], text: 'Кто?', options: ['Да', 'да'], correct: [] };
    const { errors } = checkDraft(draft);
    expect(errors).toMatchObject({
      title: QUIZ_MESSAGES.title,
      timeLimitSeconds: QUIZ_MESSAGES.timeLimit,
      animeIds: QUIZ_MESSAGES.anime,
      questions: QUIZ_MESSAGES.questions,
      'questions.0.text': QUIZ_MESSAGES.questionText,
      'questions.0.options.0': QUIZ_MESSAGES.optionText,
      'questions.0.correct': QUIZ_MESSAGES.correct,
      'questions.1.options': QUIZ_MESSAGES.optionsDistinct,
      'questions.1.correct': QUIZ_MESSAGES.correct,
    });
    expect(errors).not.toHaveProperty('questions.1.text');
  });

  it('moves the correct marks with their options when one is removed', () => {
    const question = { key: 'k', text: 'В', image: null, options: ['а', 'б', 'в', 'г'], correct: [1, 3] };
    expect(withoutOption(question, 0)).toMatchObject({ options: ['б', 'в', 'г'], correct: [0, 2] });
    expect(withoutOption(question, 1)).toMatchObject({ options: ['а', 'в', 'г'], correct: [2] });
    expect(withCorrectToggled(question, 0).correct).toEqual([0, 1, 3]);
    expect(withCorrectToggled(question, 3).correct).toEqual([1]);
  });

  it('puts the server’s field messages under the same fields', () => {
    const error = new ApiError('Ошибка', 400, 'VALIDATION_FAILED' as never, [
      { field: 'animeIds.0', message: QUIZ_MESSAGES.animeNotFound },
      { field: 'questions.1.options', message: QUIZ_MESSAGES.optionsDistinct },
    ]);
    expect(serverErrors(error)).toEqual({ animeIds: QUIZ_MESSAGES.animeNotFound, 'questions.1.options': QUIZ_MESSAGES.optionsDistinct });
    expect(serverErrors(new Error('сеть'))).toEqual({});
  });
});
