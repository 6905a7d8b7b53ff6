import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import HomePage from '../../../../web/src/features/catalogue/components/HomePage';
import { LatestComments } from '../../../../web/src/features/comments/components/LatestComments';
import { ContinueWatching } from '../../../../web/src/features/library/components/ContinueWatching';
import { makeLatest } from '../../../../web/src/features/comments/testing/comment-fixtures';
import { fail, ok, userSession } from '../../../support/fixtures';
import { continueItem } from '../../library/library-story-helpers';
import { AT_375, PENDING, animeList, collection, okPage } from '../catalogue-story-helpers';

const filledApi = {
  'GET /api/anime/popular': okPage(animeList(12), { page: 1, limit: 12, total: 120 }),
  'GET /api/anime/new': okPage(animeList(8, 20), { page: 1, limit: 12, total: 8 }),
  'GET /api/collections/featured': ok([collection(1), collection(2, { description: '' }), collection(3)]),
};

const meta = {
  title: 'features/catalogue/components/HomePage',
  component: HomePage,
  parameters: { mockApi: filledApi },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const popular = await screen.findByRole('list', { name: 'Популярное' });
    await expect(within(popular).getAllByRole('link')).toHaveLength(12);
    // The first row's first three posters are above the fold: eager, high priority; the rest lazy.
    const posters = popular.querySelectorAll('img');
    await expect(posters[0]).toHaveAttribute('fetchpriority', 'high');
    await expect(posters[2]).toHaveAttribute('loading', 'eager');
    await expect(posters[3]).toHaveAttribute('loading', 'lazy');
    await expect(posters[3]).not.toHaveAttribute('fetchpriority');
    const fresh = screen.getByRole('list', { name: 'Новинки' });
    await expect(within(fresh).getAllByRole('link')).toHaveLength(8);
    const collections = await screen.findByRole('list', { name: 'Подборки' });
    await expect(within(collections).getByRole('link', { name: 'Подборка «Лучшее десятилетия»' })).toHaveAttribute('href', '/collections/1');
    await expect(within(collections).getAllByText('11 тайтлов')).toHaveLength(1);
    await expect(screen.queryByRole('heading', { name: 'Продолжить просмотр' })).not.toBeInTheDocument();
    const [allPopular, allNew] = screen.getAllByRole('link', { name: 'Весь каталог' });
    await expect(allPopular).toHaveAttribute('href', '/catalog');
    await expect(allNew).toHaveAttribute('href', '/catalog?sort=new');
    await expect(screen.getByRole('link', { name: 'Все подборки' })).toHaveAttribute('href', '/collections');
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByRole('list', { name: 'Популярное' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/anime/popular': PENDING, 'GET /api/anime/new': PENDING, 'GET /api/collections/featured': PENDING } },
  play: async () => {
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(3));
    // Each placeholder card has the real card's parts (poster, two title lines, meta line), so its height.
    const card = document.querySelector('.anime-skeleton');
    await expect(card?.querySelector('.anime-skeleton__poster')).not.toBeNull();
    await expect(card?.querySelectorAll('.anime-skeleton__title .anime-skeleton__line')).toHaveLength(2);
    await expect(card?.querySelector('.anime-skeleton__meta')).not.toBeNull();
    await expect(screen.getByRole('heading', { name: 'Популярное' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    mockApi: {
      'GET /api/anime/popular': okPage([], { page: 1, limit: 12, total: 0 }),
      'GET /api/anime/new': okPage([], { page: 1, limit: 12, total: 0 }),
      'GET /api/collections/featured': ok([]),
    },
  },
  play: async () => {
    await waitFor(() => expect(screen.getAllByText('Здесь пока пусто')).toHaveLength(2));
    await expect(await screen.findByText('Подборок пока нет')).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  parameters: {
    mockApi: {
      'GET /api/anime/popular': [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), filledApi['GET /api/anime/popular']],
      'GET /api/anime/new': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера'),
      'GET /api/collections/featured': { networkError: true },
    },
  },
  play: async () => {
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    await expect(screen.getByText('Не удалось загрузить подборку: Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Повторить' })[0]!);
    await expect(await screen.findByRole('list', { name: 'Популярное' })).toBeInTheDocument();
  },
};

/** With the comments' block in its slot (as the app composes it): last on the page, below the rows. */
export const WithLatestComments: Story = {
  args: { latestComments: LatestComments },
  parameters: {
    mockApi: {
      ...filledApi,
      'GET /api/comments/latest': ok([
        makeLatest({ id: 'l1', content: 'Пересматриваю в третий раз' }),
        makeLatest({ id: 'l2', content: null, spoiler: { episode: 3, at: 65, hidden: true } }),
      ]),
    },
  },
  play: async () => {
    const latest = await screen.findByRole('list', { name: 'Последние комментарии' });
    await expect(within(latest).getByText('Пересматриваю в третий раз')).toBeInTheDocument();
    await expect(within(latest).getByText('Спойлер к серии 3, 01:05')).toBeInTheDocument();
    const block = screen.getByRole('region', { name: 'Последние комментарии' });
    const collections = await screen.findByRole('list', { name: 'Подборки' });
    await expect(collections.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};

/**
 * A signed-in viewer's page while the «Продолжить просмотр» row is looked up: one spinner and no rows yet,
 * so the rows never show first and then move down under a row that arrives (issue #13, CLS).
 */
export const WaitingForContinueWatching: Story = {
  args: { continueWatching: ContinueWatching },
  parameters: { session: userSession, mockApi: { ...filledApi, 'GET /api/progress/continue': PENDING } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Загружаем аниме...');
    await expect(screen.queryByRole('heading', { name: 'Популярное' })).not.toBeInTheDocument();
  },
};

/** The viewer's «Продолжить просмотр» row above the popular row, both shown together. */
export const WithContinueWatching: Story = {
  args: { continueWatching: ContinueWatching },
  parameters: { session: userSession, mockApi: { ...filledApi, 'GET /api/progress/continue': ok([continueItem(20, 3, 754), continueItem(5114, 1, 1300)]) } },
  play: async () => {
    const continuing = await screen.findByRole('heading', { name: 'Продолжить просмотр' });
    const popular = screen.getByRole('heading', { name: 'Популярное' });
    await expect(continuing.compareDocumentPosition(popular) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};
