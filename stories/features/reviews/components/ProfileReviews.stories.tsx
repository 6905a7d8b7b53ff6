import { ErrorCode, type ReviewWithAnime } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { animeRef } from '../../../../web/src/features/library/testing/library-fixtures';
import ProfileReviews from '../../../../web/src/features/reviews/components/ProfileReviews';
import { longText, makeReview, reviewId } from '../../../../web/src/features/reviews/testing/review-fixtures';
import type { MockRequest, MockResponse } from '../../../../web/src/test/mock-api';
import { fail, userSession } from '../../../support/fixtures';

const LIST = 'GET /api/users/profile/hinata/reviews';
const hinata = { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'знаток' };

/** A review of the profile as the server sends it, with its title. */
const profileReview = (animeId: number, overrides: Partial<ReviewWithAnime> = {}): ReviewWithAnime => ({
  ...makeReview({ animeId, author: hinata, ...overrides }),
  anime: animeRef(animeId),
});

/** The envelope of a page: the items in `data`, the page in `meta`. */
const pageOf = (items: ReviewWithAnime[], page = 1, limit = 20, total = items.length): MockResponse => ({
  status: 200,
  body: { success: true, data: items, meta: { page, limit, total } },
});

const approved = () => [
  profileReview(1, { id: reviewId(301), title: 'Лучшее аниме десятилетия', score: 9, text: longText(2, 'Про алхимиков') }),
  profileReview(20, { id: reviewId(302), title: null, score: 7, text: longText(1, 'Про ниндзя') }),
];

const meta = {
  title: 'features/reviews/components/ProfileReviews',
  component: ProfileReviews,
  args: { username: 'hinata', own: false },
  parameters: { session: userSession, mockApi: { [LIST]: pageOf(approved()) } },
} satisfies Meta<typeof ProfileReviews>;

export default meta;
type Story = StoryObj<typeof meta>;

const items = async () => within(await screen.findByRole('list', { name: 'Рецензии пользователя' })).getAllByRole('article');

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async ({ canvasElement }) => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Загрузка рецензий...');
    await expect(canvasElement.querySelectorAll('.list-skeleton__row').length).toBeGreaterThan(0);
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: pageOf([]) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Рецензий нет' })).toBeInTheDocument();
    await expect(screen.getByText('Пользователь ещё не писал рецензий.')).toBeInTheDocument();
  },
};

export const EmptyOwn: Story = {
  args: { own: true },
  parameters: { mockApi: { [LIST]: pageOf([]) } },
  play: async () => {
    await expect(await screen.findByText(/Вы ещё не писали рецензий/)).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog');
  },
};

/** Someone else's approved reviews: title, score, the first paragraph, links to the review page; no status badges. */
export const List: Story = {
  play: async () => {
    const [first, second] = await items();
    const review = within(first!);
    await expect(review.getByRole('link', { name: 'Стальной алхимик: Братство' })).toHaveAttribute('href', '/anime/1');
    await expect(review.getByRole('link', { name: 'Лучшее аниме десятилетия' })).toHaveAttribute('href', `/anime/1/review/${reviewId(301)}`);
    await expect(review.getByLabelText('Оценка 9 из 10')).toBeInTheDocument();
    await expect(review.getByText(/^Про алхимиков 1\./)).toBeInTheDocument();
    await expect(review.queryByText(/^Про алхимиков 2\./)).not.toBeInTheDocument();
    await expect(within(second!).getByRole('link', { name: 'Читать полностью: Наруто' })).toHaveAttribute('href', `/anime/20/review/${reviewId(302)}`);
    await expect(screen.queryByText('На модерации')).not.toBeInTheDocument();
  },
};

/** One's own profile: the pending and rejected reviews too, each with its status (the rejection's reason included). */
export const OwnWithPending: Story = {
  args: { own: true },
  parameters: {
    mockApi: {
      [LIST]: pageOf([
        profileReview(5114, { id: reviewId(303), status: 'pending', mine: true, title: 'Пишу про титанов' }),
        profileReview(21, { id: reviewId(304), status: 'rejected', mine: true, rejectionReason: 'Спойлеры без тега', title: 'Про пиратов' }),
        ...approved().map((review) => ({ ...review, mine: true })),
      ]),
    },
  },
  play: async () => {
    const [pending, rejected, published] = await items();
    await expect(within(pending!).getByText('На модерации')).toBeInTheDocument();
    await expect(within(pending!).getByRole('link', { name: 'Пишу про титанов' })).toHaveAttribute('href', `/anime/5114/review/${reviewId(303)}`);
    await expect(within(rejected!).getByText('Отклонена: Спойлеры без тега')).toBeInTheDocument();
    await expect(within(published!).queryByText(/На модерации|Отклонена/)).not.toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), pageOf(approved())] } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить рецензии' })).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await items()).toHaveLength(2);
  },
};

/** 21 reviews: «Показать ещё» asks for page 2 and appends the last one. */
export const ManyPages: Story = {
  parameters: {
    mockApi: {
      [LIST]: (request: MockRequest) => {
        const all = Array.from({ length: 21 }, (_, index) => profileReview(1000 + index, { id: reviewId(400 + index), title: `Рецензия ${index + 1}` }));
        const pageNumber = Number(request.query.get('page') ?? 1);
        return pageOf(all.slice((pageNumber - 1) * 20, pageNumber * 20), pageNumber, 20, all.length);
      },
    },
  },
  play: async () => {
    await expect(await items()).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(async () => expect(await items()).toHaveLength(21));
    await expect(screen.getByRole('link', { name: 'Рецензия 21' })).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};
