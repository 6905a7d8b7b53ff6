import { ErrorCode, QUIZ_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import QuizPage from '../../../../web/src/features/quiz/components/QuizPage';
import { makeAttempt, makeQuiz, makeResult, quizId } from '../../../../web/src/features/quiz/testing/quiz-fixtures';
import { fail, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { recording, seen } from '../quiz-story-helpers';

const ID = quizId(1);
const ONE = `GET /api/quiz/${ID}`;
const START = `POST /api/quiz/${ID}/attempts`;
const RESULT = 'POST /api/user/quiz-result';
const QuizRoute = pageAtRoute('/quiz/:id', QuizPage);
const timed = (seconds: number) => () => ok(makeAttempt({ timeLimitSeconds: 90, expiresAt: new Date(Date.now() + seconds * 1000).toISOString() }), 201);

const meta = {
  title: 'features/quiz/components/QuizPage',
  component: QuizRoute,
  parameters: {
    route: `/quiz/${ID}`,
    session: userSession,
    mockApi: { [ONE]: ok(makeQuiz()), [START]: ok(makeAttempt(), 201), [RESULT]: recording(ok(makeResult())) },
  },
  beforeEach: () => {
    seen.requests = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => undefined }, configurable: true });
  },
} satisfies Meta<typeof QuizRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

const begin = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Начать' }));
  return screen.findByRole('heading', { name: 'Кто написал имя в тетради первым?' });
};
/** Answers the three questions of the fixture: the first and the last right, the second half right. */
const answerAll = async () => {
  await begin();
  await userEvent.click(screen.getByRole('radio', { name: 'Лайт' }));
  await userEvent.click(screen.getByRole('button', { name: 'Дальше' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Рюк' }));
  await userEvent.click(screen.getByRole('button', { name: 'Дальше' }));
  await userEvent.click(await screen.findByRole('radio', { name: 'Яблоки' }));
  await userEvent.click(screen.getByRole('button', { name: 'Завершить' }));
};

export const Loading: Story = {
  parameters: { mockApi: { [ONE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка квиза...')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { mockApi: { [ONE]: fail(404, ErrorCode.NotFound, QUIZ_MESSAGES.notFound) } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить квиз')).toBeInTheDocument();
    await expect(screen.getByText(QUIZ_MESSAGES.notFound)).toBeInTheDocument();
  },
};

/** The intro: what the quiz is, how long, the titles and «Начать». */
export const Intro: Story = {
  parameters: { mockApi: { [ONE]: ok(makeQuiz({ best: { score: 2, totalQuestions: 3, success: false } })) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Знаток «Тетради смерти»' })).toBeInTheDocument();
    await expect(screen.getByText('3 вопроса · без ограничения времени')).toBeInTheDocument();
    await expect(screen.getByText('Ваш лучший результат: 2 из 3')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Тетрадь смерти' })).toHaveAttribute('href', '/anime/1535');
    await expect(screen.getByRole('button', { name: 'Начать' })).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Пожаловаться на викторину' })).toBeInTheDocument();
  },
};

export const SignedOut: Story = {
  parameters: { session: null },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Войдите, чтобы пройти квиз' })).toHaveAttribute('href', '/login');
    await expect(screen.queryByRole('button', { name: 'Начать' })).not.toBeInTheDocument();
  },
};

/** The author's own quiz before moderation: not playable yet, editable. */
export const OwnPending: Story = {
  parameters: { mockApi: { [ONE]: ok(makeQuiz({ status: 'pending', mine: true })) } },
  play: async () => {
    await expect(await screen.findByText('Квиз ждёт модерации: пройти его можно будет после одобрения.')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Изменить' })).toHaveAttribute('href', `/quiz/${ID}/edit`);
    // Nobody reports their own quiz.
    await expect(screen.queryByRole('button', { name: /Пожаловаться/ })).toBeNull();
  },
};

export const StartFailed: Story = {
  parameters: { mockApi: { [START]: fail(409, ErrorCode.Conflict, QUIZ_MESSAGES.notPlayable) } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Начать' }));
    await expect(await screen.findByText(`Не удалось начать квиз: ${QUIZ_MESSAGES.notPlayable}`)).toBeInTheDocument();
  },
};

/** One question at a time: radio buttons for one answer, the way back and on. */
export const Question: Story = {
  play: async () => {
    await begin();
    await expect(screen.getByText('Вопрос 1 из 3')).toBeInTheDocument();
    await expect(screen.getByText('Выберите один ответ')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Назад' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'L' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Лайт' }));
    await expect(screen.getByRole('radio', { name: 'Лайт' })).toBeChecked();
    await expect(screen.getByRole('radio', { name: 'L' })).not.toBeChecked();
    await expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  },
};

/** A question with several right options: checkboxes. */
export const MultipleChoice: Story = {
  play: async () => {
    await begin();
    await userEvent.click(screen.getByRole('button', { name: 'Дальше' }));
    await expect(await screen.findByText('Выберите все верные ответы')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Рюк' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Рэм' }));
    await expect(screen.getByRole('checkbox', { name: 'Рюк' })).toBeChecked();
    await expect(screen.getByRole('checkbox', { name: 'Рэм' })).toBeChecked();
  },
};

/** A timed quiz shows the time left. */
export const Timed: Story = {
  parameters: { mockApi: { [START]: timed(90) } },
  play: async () => {
    await begin();
    await waitFor(() => expect(screen.getByRole('timer', { name: 'Осталось времени' })).toHaveTextContent(/^1:(29|30)$/));
  },
};

/** The clock ran out: the answers freeze and go to the server by themselves. */
export const TimeUp: Story = {
  parameters: { mockApi: { [START]: timed(-1), [RESULT]: recording({ hang: true }) } },
  play: async () => {
    await begin();
    await expect(await screen.findByText('Время вышло — отправляем ваши ответы')).toBeInTheDocument();
    await waitFor(() => expect(seen.requests).toHaveLength(1));
    await expect(seen.requests[0].body).toEqual({ quizId: ID, attemptId: makeAttempt().attemptId, answers: [[], [], []] });
    await expect(screen.getByRole('radio', { name: 'Лайт' })).toBeDisabled();
  },
};

export const Submitting: Story = {
  parameters: { mockApi: { [RESULT]: { hang: true } } },
  play: async () => {
    await answerAll();
    await expect(await screen.findByRole('button', { name: 'Считаем результат...' })).toBeDisabled();
  },
};

/** The server's score, each answer against the right one, the best result and the link to share. */
export const Result: Story = {
  play: async () => {
    await answerAll();
    await expect(await screen.findByRole('heading', { name: 'Результат' })).toBeInTheDocument();
    await expect(seen.requests[0].body).toEqual({ quizId: ID, attemptId: makeAttempt().attemptId, answers: [[0], [0], [0]] });
    await expect(screen.getByText('2 из 3')).toBeInTheDocument();
    await expect(screen.getByText('Неплохо, но можно лучше')).toBeInTheDocument();
    const answers = within(screen.getByRole('list', { name: 'Ваши ответы' })).getAllByRole('listitem');
    await expect(answers[1]).toHaveTextContent('✗ Неверно');
    await expect(answers[1]).toHaveTextContent('Правильный ответ: Рюк, Рэм');
    await expect(answers[0]).toHaveTextContent('✓ Верно');
    const link = screen.getByRole('textbox', { name: 'Ссылка на квиз' });
    await expect(link).toHaveValue(`${window.location.origin}/quiz/${ID}`);
    await userEvent.click(screen.getByRole('button', { name: 'Скопировать ссылку' }));
    await expect(await screen.findByText('Ссылка скопирована')).toBeInTheDocument();
  },
};

export const ResultSuccess: Story = {
  parameters: {
    mockApi: {
      [RESULT]: ok(
        makeResult({
          score: 3,
          success: true,
          answers: makeResult().answers.map((answer) => ({ ...answer, selected: answer.correct, right: true })),
          best: { score: 3, totalQuestions: 3, success: true },
        }),
      ),
    },
  },
  play: async () => {
    await answerAll();
    await expect(await screen.findByText('Отлично! Квиз пройден')).toBeInTheDocument();
    await expect(screen.getByText('3 из 3')).toBeInTheDocument();
  },
};

/** The server refused the answers: why, and a way to send again or start over. */
export const SubmitError: Story = {
  parameters: { mockApi: { [RESULT]: fail(409, ErrorCode.Conflict, QUIZ_MESSAGES.timeUp) } },
  play: async () => {
    await answerAll();
    await expect(await screen.findByText(`Не удалось отправить ответы: ${QUIZ_MESSAGES.timeUp}`)).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Отправить ещё раз' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Пройти ещё раз' }));
    await expect(await screen.findByRole('button', { name: 'Начать' })).toBeInTheDocument();
  },
};
