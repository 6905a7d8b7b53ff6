import { ErrorCode, GENERIC_MESSAGES, REVIEW_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { PendingReviewsQueue } from '../../../../web/src/features/reviews/components/PendingReviewsQueue';
import { longText, makePendingPage, makePendingReview, reviewAnimeRef, reviewId } from '../../../../web/src/features/reviews/testing/review-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { naruto, recording, seen } from '../reviews-story-helpers';

const QUEUE = 'GET /api/admin/reviews/pending';
const approveOf = (n: number) => `PUT /api/reviews/${reviewId(n)}/approve`;
const rejectOf = (n: number) => `PUT /api/reviews/${reviewId(n)}/reject`;

const queued = () => [
  makePendingReview({ id: reviewId(301), title: 'Лучшее аниме десятилетия', score: 9, text: longText(4, 'Хината пишет') }),
  makePendingReview({
    id: reviewId(302),
    title: null,
    author: naruto,
    score: 5,
    animeId: 20,
    anime: reviewAnimeRef(20, 'Наруто'),
    text: longText(2, 'Наруто пишет'),
  }),
];

/** The server's queue: the reviews not yet decided in this story. */
const decided = new Set<string>();
const liveQueue = () =>
  ok(
    makePendingPage(
      queued().filter((review) => !decided.has(review.id)),
      null,
      2 - decided.size,
    ),
  );
const decide = (n: number, status: 'approved' | 'rejected') =>
  recording((request: MockRequest) => {
    decided.add(reviewId(n));
    const review = queued().find((item) => item.id === reviewId(n))!;
    return ok({ ...review, status, rejectionReason: status === 'rejected' ? (request.body as { reason: string }).reason : null });
  });

const meta = {
  title: 'features/reviews/components/PendingReviewsQueue',
  component: PendingReviewsQueue,
  parameters: { session: adminSession, mockApi: { [QUEUE]: liveQueue } },
  beforeEach: () => {
    seen.requests = [];
    decided.clear();
  },
} satisfies Meta<typeof PendingReviewsQueue>;

export default meta;
type Story = StoryObj<typeof meta>;

const item = (name: RegExp) => screen.findByRole('article', { name });

export const Loading: Story = {
  parameters: { mockApi: { [QUEUE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка очереди рецензий...')).toBeInTheDocument();
    // The count is not known yet.
    await expect(screen.getByRole('heading', { name: 'Рецензии на проверке' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [QUEUE]: ok(makePendingPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Рецензий на проверке нет')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { name: 'Рецензии на проверке (0)' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [QUEUE]: [fail(403, ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden), liveQueue()] } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить очередь рецензий')).toBeInTheDocument();
    await expect(screen.getByText(GENERIC_MESSAGES.forbidden)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByRole('heading', { name: 'Рецензии на проверке (2)' })).toBeInTheDocument();
  },
};

/** Oldest first: the title (a link), author, score, date; the text opens in full and closes; «Показать ещё» reads the next page. */
export const WithReviews: Story = {
  parameters: {
    mockApi: {
      [QUEUE]: recording((request) =>
        request.query.get('cursor') === 'next'
          ? ok(makePendingPage([makePendingReview({ id: reviewId(303), title: 'Рецензия со второй страницы' })], null, 3))
          : ok(makePendingPage(queued(), 'next', 3)),
      ),
    },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Рецензии на проверке (3)' })).toBeInTheDocument();
    const first = within(await item(/Хината/));
    await expect(first.getByRole('link', { name: 'Стальной алхимик: Братство' })).toHaveAttribute('href', '/anime/1');
    await expect(first.getByRole('link', { name: 'Хината' })).toHaveAttribute('href', '/user/hinata');
    await expect(first.getByLabelText('Оценка 9 из 10')).toBeInTheDocument();
    await expect(first.getByText('1 марта 2025 г.')).toBeInTheDocument();
    await expect(first.getByRole('heading', { name: 'Лучшее аниме десятилетия' })).toBeInTheDocument();
    // Every review here is pending: no badge saying so.
    await expect(first.queryByText('На модерации')).not.toBeInTheDocument();

    await expect(first.queryByText(/^Хината пишет 4\./)).not.toBeInTheDocument();
    await userEvent.click(first.getByRole('button', { name: 'Читать полностью' }));
    await expect(first.getByText(/^Хината пишет 4\./)).toBeInTheDocument();
    await expect(first.getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(first.getByRole('button', { name: 'Свернуть' }));
    await expect(first.queryByText(/^Хината пишет 4\./)).not.toBeInTheDocument();

    const links = within(await item(/Наруто/)).getAllByRole('link', { name: 'Наруто' });
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/anime/20', '/user/naruto']);
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByText('Рецензия со второй страницы')).toBeInTheDocument();
    await expect(seen.requests.at(-1)!.query.get('cursor')).toBe('next');
  },
};

export const Approving: Story = {
  parameters: { mockApi: { [approveOf(301)]: { hang: true } } },
  play: async () => {
    const first = within(await item(/Хината/));
    await userEvent.click(first.getByRole('button', { name: 'Одобрить' }));
    await expect(await first.findByRole('button', { name: 'Одобрение...' })).toBeDisabled();
    await expect(first.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
  },
};

/** «Одобрить»: the review leaves the queue, the count goes down, a toast confirms. */
export const Approved: Story = {
  parameters: { mockApi: { [approveOf(301)]: decide(301, 'approved') } },
  play: async () => {
    await userEvent.click(within(await item(/Хината/)).getByRole('button', { name: 'Одобрить' }));
    await expect(await screen.findByText('Рецензия одобрена')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Хината/ })).not.toBeInTheDocument());
    await expect(screen.getByRole('heading', { name: 'Рецензии на проверке (1)' })).toBeInTheDocument();
    await expect(seen.requests).toHaveLength(1);
  },
};

/** Another admin was first: the toast says so and the review leaves the queue all the same. */
export const AlreadyModerated: Story = {
  parameters: {
    mockApi: {
      [QUEUE]: [ok(makePendingPage(queued())), ok(makePendingPage(queued().slice(1)))],
      [approveOf(301)]: fail(409, ErrorCode.Conflict, REVIEW_MESSAGES.notPending),
    },
  },
  play: async () => {
    await userEvent.click(within(await item(/Хината/)).getByRole('button', { name: 'Одобрить' }));
    await expect(await screen.findByText('Не удалось одобрить рецензию')).toBeInTheDocument();
    await expect(screen.getByText(REVIEW_MESSAGES.notPending)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Хината/ })).not.toBeInTheDocument());
    await expect(screen.getByRole('heading', { name: 'Рецензии на проверке (1)' })).toBeInTheDocument();
  },
};

/** «Отклонить» opens the dialog; the reason is sent, and the review leaves the queue. */
export const Rejected: Story = {
  parameters: { mockApi: { [rejectOf(302)]: decide(302, 'rejected') } },
  play: async () => {
    await userEvent.click(within(await item(/Наруто/)).getByRole('button', { name: 'Отклонить' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Отклонить рецензию?' }));
    await expect(dialog.getByRole('textbox', { name: 'Причина отклонения' })).toHaveFocus();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина отклонения' }), 'Пересказ сюжета вместо мнения');
    await userEvent.click(dialog.getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(seen.requests[0]!.body).toEqual({ reason: 'Пересказ сюжета вместо мнения' });
    await expect(await screen.findByText('Рецензия отклонена')).toBeInTheDocument();
    await expect(screen.queryByRole('article', { name: /Наруто/ })).not.toBeInTheDocument();
    await expect(screen.getByRole('heading', { name: 'Рецензии на проверке (1)' })).toBeInTheDocument();
  },
};

/** The dialog of a failed rejection keeps the reason and shows why; closing and reopening starts afresh. */
export const RejectRefused: Story = {
  parameters: { mockApi: { [rejectOf(302)]: { networkError: true } } },
  play: async () => {
    await userEvent.click(within(await item(/Наруто/)).getByRole('button', { name: 'Отклонить' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Отклонить рецензию?' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Причина отклонения' }), 'Оффтоп');
    await userEvent.click(dialog.getByRole('button', { name: 'Отклонить' }));
    await expect(await dialog.findByRole('alert')).toBeInTheDocument();
    await expect(dialog.getByRole('textbox', { name: 'Причина отклонения' })).toHaveValue('Оффтоп');
    await userEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
    // Still in the queue; a new opening starts with an empty reason and no error.
    await userEvent.click(within(await item(/Наруто/)).getByRole('button', { name: 'Отклонить' }));
    const again = within(await screen.findByRole('dialog', { name: 'Отклонить рецензию?' }));
    await expect(again.getByRole('textbox', { name: 'Причина отклонения' })).toHaveValue('');
    await expect(again.queryByRole('alert')).not.toBeInTheDocument();
  },
};
