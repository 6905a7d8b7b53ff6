import type { QuizAttempt, QuizEditable, QuizModerationPage, QuizPage, QuizResult, QuizSummary } from '@portal/contracts';

/** A UUID-shaped id for fixture number `n`. */
export const quizId = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;
export const ATTEMPT_ID = '00000000-0000-4000-b000-000000000001';

export function makeQuiz(overrides: Partial<QuizSummary> = {}): QuizSummary {
  return {
    id: quizId(1),
    title: 'Знаток «Тетради смерти»',
    description: 'Десять лет прошло — а вы помните, кто такой Рюк?',
    cover: null,
    coverUrl: null,
    anime: [{ id: 1535, title: 'Тетрадь смерти' }],
    questionCount: 3,
    timeLimitSeconds: null,
    status: 'approved',
    rejectionReason: null,
    players: 12,
    author: { id: '00000000-0000-4000-8000-000000000001', username: 'kira' },
    mine: false,
    best: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeEditable(overrides: Partial<QuizEditable> = {}): QuizEditable {
  return {
    ...makeQuiz({ mine: true, status: 'pending', players: 0 }),
    questions: [
      { text: 'Кто написал имя в тетради первым?', image: null, imageUrl: null, options: ['Лайт', 'L', 'Миса'], correct: [0] },
      { text: 'Кто из них синигами?', image: null, imageUrl: null, options: ['Рюк', 'Рэм', 'Ватари', 'Нир'], correct: [0, 1] },
      { text: 'Что любит Рюк?', image: null, imageUrl: null, options: ['Яблоки', 'Торты'], correct: [0] },
    ],
    ...overrides,
  };
}

export function makeAttempt(overrides: Partial<QuizAttempt> = {}): QuizAttempt {
  return {
    attemptId: ATTEMPT_ID,
    quizId: quizId(1),
    questions: makeEditable().questions.map(({ text, imageUrl, options, correct }) => ({ text, imageUrl, options, multiple: correct.length > 1 })),
    timeLimitSeconds: null,
    startedAt: '2026-11-20T10:00:00.000Z',
    expiresAt: null,
    ...overrides,
  };
}

export function makeResult(overrides: Partial<QuizResult> = {}): QuizResult {
  return {
    quizId: quizId(1),
    attemptId: ATTEMPT_ID,
    score: 2,
    totalQuestions: 3,
    success: false,
    answers: [
      { selected: [0], correct: [0], right: true },
      { selected: [0], correct: [0, 1], right: false },
      { selected: [0], correct: [0], right: true },
    ],
    best: { score: 2, totalQuestions: 3, success: false },
    shareUrl: `/quiz/${quizId(1)}`,
    ...overrides,
  };
}

export const sampleQuizzes = (): QuizSummary[] => [
  makeQuiz(),
  makeQuiz({ id: quizId(2), title: 'Атака титанов: кто есть кто', players: 5, timeLimitSeconds: 120, anime: [{ id: 16498, title: 'Атака титанов' }] }),
  makeQuiz({ id: quizId(3), title: 'Наруто для новичков', players: 1, questionCount: 10, best: { score: 9, totalQuestions: 10, success: true } }),
];

export const myQuizzes = (): QuizSummary[] => [
  makeQuiz({ id: quizId(4), title: 'Мой новый квиз', status: 'pending', mine: true, players: 0 }),
  makeQuiz({ id: quizId(5), title: 'Мой опубликованный квиз', status: 'approved', mine: true }),
  makeQuiz({ id: quizId(6), title: 'Мой отклонённый квиз', status: 'rejected', mine: true, players: 0, rejectionReason: 'В вопросе 2 неверный ответ' }),
];

export const quizPage = (items: QuizSummary[], total = items.length, page = 1): QuizPage => ({ items, page, limit: 20, total });

export const moderationPage = (items: QuizEditable[], total = items.length): QuizModerationPage => ({ items, page: 1, limit: 20, total });
