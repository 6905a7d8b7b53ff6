import { ErrorCode, GENERIC_MESSAGES, QUIZ_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import QuizModerationQueue from '../../../../web/src/features/quiz/components/QuizModerationQueue';
import { makeEditable, moderationPage, quizId } from '../../../../web/src/features/quiz/testing/quiz-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { recording, seen } from '../quiz-story-helpers';

const QUEUE = 'GET /api/quiz/moderation';
const approveOf = (n: number) => `PUT /api/quiz/${quizId(n)}/approve`;
const rejectOf = (n: number) => `PUT /api/quiz/${quizId(n)}/reject`;
const queued = () => [
  makeEditable({ id: quizId(11), title: 'Квиз про Тетрадь' }),
  makeEditable({ id: quizId(12), title: 'Квиз про Наруто', timeLimitSeconds: 300 }),
];

/** The server's queue: the quizzes not yet decided in this story. */
const decided = new Set<string>();
const liveQueue = () => ok(moderationPage(queued().filter((quiz) => !decided.has(quiz.id))));
const decide = (n: number, status: 'approved' | 'rejected') =>
  recording((request: MockRequest) => {
    decided.add(quizId(n));
    const quiz = queued().find((item) => item.id === quizId(n))!;
    return ok({ ...quiz, status, rejectionReason: status === 'rejected' ? (request.body as { reason: string }).reason : null });
  });

const meta = {
  title: 'features/quiz/components/QuizModerationQueue',
  component: QuizModerationQueue,
  parameters: { session: adminSession, mockApi: { [QUEUE]: liveQueue, [approveOf(11)]: decide(11, 'approved'), [rejectOf(11)]: decide(11, 'rejected') } },
  beforeEach: () => {
    seen.requests = [];
    decided.clear();
  },
} satisfies Meta<typeof QuizModerationQueue>;

export default meta;
type Story = StoryObj<typeof meta>;

const item = (name: string) => screen.findByRole('article', { name: `Квиз «${name}»` });
const openReject = async () => {
  await userEvent.click(within(await item('Квиз про Тетрадь')).getByRole('button', { name: 'Отклонить' }));
  return within(await screen.findByRole('dialog', { name: 'Отклонить квиз' }));
};

export const Loading: Story = {
  parameters: { mockApi: { [QUEUE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка квизов на проверке...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [QUEUE]: ok(moderationPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Квизов на проверке нет')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { name: 'Квизы на проверке (0)' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [QUEUE]: fail(403, ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden) } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить квизы на проверке')).toBeInTheDocument();
    await expect(screen.getByText(GENERIC_MESSAGES.forbidden)).toBeInTheDocument();
  },
};

/** Each pending quiz with its author, size and, unfolded, its questions with the right options marked. */
export const List: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Квизы на проверке (2)' })).toBeInTheDocument();
    const first = within(await item('Квиз про Тетрадь'));
    await expect(first.getByText('Автор: kira · 3 вопроса · Без ограничения времени')).toBeInTheDocument();
    await userEvent.click(first.getByText('Вопросы и ответы'));
    await expect(first.getByText('Рюк — ✓ верный')).toBeInTheDocument();
    await expect(first.getByText('Ватари')).toBeInTheDocument();
    await expect(within(await item('Квиз про Наруто')).getByText(/5 мин/)).toBeInTheDocument();
  },
};

export const Approving: Story = {
  parameters: { mockApi: { [QUEUE]: liveQueue, [approveOf(11)]: { hang: true } } },
  play: async () => {
    await userEvent.click(within(await item('Квиз про Тетрадь')).getByRole('button', { name: 'Одобрить' }));
    await expect(await screen.findByRole('button', { name: 'Одобряем...' })).toBeDisabled();
  },
};

/** Approved: the quiz leaves the queue. */
export const Approved: Story = {
  play: async () => {
    await userEvent.click(within(await item('Квиз про Тетрадь')).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Квиз «Квиз про Тетрадь»' })).not.toBeInTheDocument());
    await expect(seen.requests.map((request) => request.method)).toEqual(['PUT']);
    await expect(screen.getByRole('heading', { name: 'Квизы на проверке (1)' })).toBeInTheDocument();
  },
};

/** The reject dialog opens with the reason field focused. */
export const RejectDialog: Story = {
  play: async () => {
    const dialog = await openReject();
    await expect(dialog.getByText('Квиз «Квиз про Тетрадь»: автор увидит причину отказа и сможет исправить квиз.')).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: 'Причина' })).toHaveFocus();
  },
};

export const RejectReasonRequired: Story = {
  play: async () => {
    const dialog = await openReject();
    await userEvent.click(dialog.getByRole('button', { name: 'Отклонить квиз' }));
    await expect(await dialog.findByText(QUIZ_MESSAGES.reason)).toBeInTheDocument();
    await expect(seen.requests).toHaveLength(0);
  },
};

export const RejectSubmitting: Story = {
  parameters: { mockApi: { [QUEUE]: liveQueue, [rejectOf(11)]: { hang: true } } },
  play: async () => {
    const dialog = await openReject();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина' }), 'Спойлеры в вопросах');
    await userEvent.click(dialog.getByRole('button', { name: 'Отклонить квиз' }));
    await expect(await dialog.findByRole('button', { name: 'Отклоняем...' })).toBeDisabled();
  },
};

export const RejectRefused: Story = {
  parameters: { mockApi: { [QUEUE]: liveQueue, [rejectOf(11)]: fail(409, ErrorCode.Conflict, QUIZ_MESSAGES.notPending) } },
  play: async () => {
    const dialog = await openReject();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина' }), 'Оффтоп');
    await userEvent.click(dialog.getByRole('button', { name: 'Отклонить квиз' }));
    await expect(await dialog.findByText(QUIZ_MESSAGES.notPending)).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: 'Причина' })).toHaveValue('Оффтоп');
  },
};

/** Rejected with a reason: sent, the dialog closes and the quiz leaves the queue. */
export const Rejected: Story = {
  play: async () => {
    const dialog = await openReject();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина' }), 'Спойлеры в вопросах');
    await userEvent.click(dialog.getByRole('button', { name: 'Отклонить квиз' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(seen.requests[0].body).toEqual({ reason: 'Спойлеры в вопросах' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Квиз «Квиз про Тетрадь»' })).not.toBeInTheDocument());
  },
};
