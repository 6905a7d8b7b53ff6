import { ErrorCode, REVIEW_MESSAGES } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { animeDetails } from '../../../../web/src/features/catalogue/testing/catalogue-fixtures';
import { AnimeReviews } from '../../../../web/src/features/reviews/components/AnimeReviews';
import { makeReview, makeReviewPage, reviewId } from '../../../../web/src/features/reviews/testing/review-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok, userSession } from '../../../support/fixtures';
import { approvedReviews, ownPending, ownRejected, recording, seen } from '../reviews-story-helpers';

const LIST = 'GET /api/reviews/1';
const anime = animeDetails({ id: 1, episodes: 64 });

const meta = {
  title: 'features/reviews/components/AnimeReviews',
  component: AnimeReviews,
  args: { anime },
  parameters: { session: userSession, mockApi: { [LIST]: ok(makeReviewPage(approvedReviews())) } },
  beforeEach: () => {
    seen.requests = [];
  },
} satisfies Meta<typeof AnimeReviews>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = () => screen.findByRole('region', { name: 'Рецензии' });
const reviewBy = (name: string) => screen.getByRole('article', { name: `Рецензия: ${name}` });

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await section();
    await expect(await screen.findByText('Загрузка рецензий...')).toBeInTheDocument();
    // Whether the caller already wrote one is not known yet: no «Написать рецензию».
    await expect(screen.queryByRole('button', { name: 'Написать рецензию' })).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(makeReviewPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Рецензий пока нет. Напишите первую!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Написать рецензию' }));
    await expect(await screen.findByRole('dialog', { name: 'Новая рецензия' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(404, ErrorCode.NotFound, REVIEW_MESSAGES.animeNotFound) } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить рецензии')).toBeInTheDocument();
    await expect(screen.getByText('Аниме не найдено')).toBeInTheDocument();
  },
};

/** Helpful first by default; excerpts with «Читать полностью»; «Новые» asks for `sort=date`; «Показать ещё». */
export const WithReviews: Story = {
  parameters: {
    mockApi: {
      [LIST]: recording((request: MockRequest) =>
        request.query.get('cursor') === 'next'
          ? ok(makeReviewPage([makeReview({ id: reviewId(103), title: 'Старая рецензия' })]))
          : ok(makeReviewPage(approvedReviews(), 'next')),
      ),
    },
  },
  play: async () => {
    const first = await screen.findByRole('article', { name: 'Рецензия: Хината' });
    await expect(seen.requests[0]!.query.get('sort')).toBe('helpful');
    const view = within(first);
    await expect(view.getByRole('link', { name: 'Хината' })).toHaveAttribute('href', '/user/hinata');
    await expect(view.getByLabelText('Оценка 9 из 10')).toBeInTheDocument();
    await expect(view.getByText('1 марта 2025 г.')).toBeInTheDocument();
    await expect(view.getByRole('heading', { name: 'Лучшее аниме десятилетия' })).toBeInTheDocument();
    // The first two paragraphs only; the third is on the review's page.
    await expect(view.getByText(/^Хината пишет 1\./)).toBeInTheDocument();
    await expect(view.queryByText(/^Хината пишет 3\./)).not.toBeInTheDocument();
    await expect(view.getByRole('link', { name: 'Читать полностью: Лучшее аниме десятилетия' })).toHaveAttribute('href', `/anime/1/review/${reviewId(101)}`);
    await expect(view.getByRole('button', { name: 'Полезно (3)' })).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Полезные' })).toHaveAttribute('aria-pressed', 'true');
    await expect(screen.getByRole('button', { name: 'Написать рецензию' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByText('Старая рецензия')).toBeInTheDocument();
    await expect(seen.requests.at(-1)!.query.get('cursor')).toBe('next');
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Новые' }));
    await waitFor(() => expect(seen.requests.at(-1)!.query.get('sort')).toBe('date'));
    await expect(screen.getByRole('button', { name: 'Новые' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The caller's own pending review comes first, badged; no votes on it and no second «Написать рецензию». */
export const OwnPending: Story = {
  parameters: { mockApi: { [LIST]: ok(makeReviewPage([ownPending(), ...approvedReviews()])) } },
  play: async () => {
    await screen.findByRole('article', { name: 'Рецензия: Сакура' });
    const mine = within(reviewBy('Сакура'));
    await expect(mine.getByText('На модерации')).toBeInTheDocument();
    await expect(mine.queryByRole('button', { name: /^Полезно/ })).not.toBeInTheDocument();
    await expect(within(screen.getAllByRole('listitem')[0]!).getByText('На модерации')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Написать рецензию' })).not.toBeInTheDocument();
  },
};

export const OwnRejected: Story = {
  parameters: { mockApi: { [LIST]: ok(makeReviewPage([ownRejected(), ...approvedReviews()])) } },
  play: async () => {
    await screen.findByRole('article', { name: 'Рецензия: Сакура' });
    await expect(within(reviewBy('Сакура')).getByText('Отклонена: Спойлеры без тегов')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Написать рецензию' })).not.toBeInTheDocument();
  },
};

/** A guest reads, sees the counts, and is asked to sign in to write or vote. */
export const Guest: Story = {
  parameters: { session: null },
  play: async () => {
    await screen.findByRole('article', { name: 'Рецензия: Хината' });
    await expect(screen.getByText('Войдите, чтобы писать и оценивать рецензии')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    const votes = within(reviewBy('Хината'));
    await expect(votes.getByRole('button', { name: 'Полезно (3)' })).toBeDisabled();
    await expect(votes.getByText('Войдите, чтобы оценивать рецензии')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Написать рецензию' })).not.toBeInTheDocument();
  },
};

const VOTE = `PUT /api/reviews/${reviewId(101)}/vote`;

/** «Полезно» counts at once (before the server answers), then «Бесполезно» moves the vote. */
export const VoteToggled: Story = {
  parameters: {
    mockApi: {
      [VOTE]: recording((request) => {
        const helpful = (request.body as { helpful: boolean }).helpful;
        // The first vote's answer comes last: the newer click's answer must not be undone by it.
        return { ...ok({ id: reviewId(101), helpful: helpful ? 4 : 3, unhelpful: helpful ? 1 : 2, myVote: helpful }), delayMs: helpful ? 400 : 20 };
      }),
    },
  },
  play: async () => {
    await screen.findByRole('article', { name: 'Рецензия: Хината' });
    const card = within(reviewBy('Хината'));
    await userEvent.click(card.getByRole('button', { name: 'Полезно (3)' }));
    await expect(card.getByRole('button', { name: 'Полезно (4)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(seen.requests).toHaveLength(1));
    await expect(seen.requests[0]!.body).toEqual({ helpful: true });
    await userEvent.click(card.getByRole('button', { name: 'Бесполезно (1)' }));
    await expect(await card.findByRole('button', { name: 'Бесполезно (2)' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(seen.requests).toHaveLength(2));
    // Past the first vote's late answer: the second vote still stands.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(card.getByRole('button', { name: 'Бесполезно (2)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByRole('button', { name: 'Полезно (3)' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** A refused vote goes back, with a toast saying why. */
export const VoteRefused: Story = {
  parameters: { mockApi: { [VOTE]: fail(400, ErrorCode.ValidationFailed, REVIEW_MESSAGES.voteOwn) } },
  play: async () => {
    await screen.findByRole('article', { name: 'Рецензия: Хината' });
    await userEvent.click(within(reviewBy('Хината')).getByRole('button', { name: 'Полезно (3)' }));
    await expect(await screen.findByText('Не удалось оценить рецензию')).toBeInTheDocument();
    await expect(within(reviewBy('Хината')).getByRole('button', { name: 'Полезно (3)' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** «Написать рецензию» → the editor → sent: the list is read again and shows it first, «На модерации». */
export const WrittenAndPending: Story = {
  parameters: {
    mockApi: {
      [LIST]: [ok(makeReviewPage(approvedReviews())), ok(makeReviewPage([ownPending(), ...approvedReviews()]))],
      'POST /api/reviews': recording(() => ok({ ...ownPending(), cardReward: null }, 201)),
    },
  },
  play: async () => {
    await screen.findByRole('article', { name: 'Рецензия: Хината' });
    await userEvent.click(screen.getByRole('button', { name: 'Написать рецензию' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Новая рецензия' }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Оценка' }), '10');
    await userEvent.click(dialog.getByRole('textbox', { name: 'Текст рецензии' }));
    await userEvent.paste(ownPending().text);
    await userEvent.click(dialog.getByRole('button', { name: 'Отправить на модерацию' }));
    await expect(await screen.findByText('На модерации')).toBeInTheDocument();
    await expect(seen.requests[0]!.body).toMatchObject({ animeId: 1, score: 10 });
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Написать рецензию' })).not.toBeInTheDocument();
  },
};
