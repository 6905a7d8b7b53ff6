import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import CollectionsPage from '../../../../web/src/features/catalogue/components/CollectionsPage';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail } from '../../../support/fixtures';
import { AT_375, PENDING, collection, okPage, svgPoster } from '../catalogue-story-helpers';

/** A fake /api/collections that pages through `total` collections (honours page and limit). */
const pagedCollections =
  (total: number) =>
  ({ query }: MockRequest) => {
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const from = (page - 1) * limit + 1;
    const count = Math.max(0, Math.min(limit, total - from + 1));
    const items = Array.from({ length: count }, (_, index) =>
      collection(from + index, { featured: (from + index) % 4 === 0, cover: (from + index) % 2 ? svgPoster('Подборка', (from + index) * 40) : null }),
    );
    return okPage(items, { page, limit, total });
  };

const meta = {
  title: 'features/catalogue/components/CollectionsPage',
  component: CollectionsPage,
  parameters: { route: '/collections', mockApi: { 'GET /api/collections': pagedCollections(5) } },
} satisfies Meta<typeof CollectionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = () => screen.findByRole('list', { name: 'Подборки' });

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Подборки' })).toBeInTheDocument();
    await expect(await screen.findByText('5 подборок')).toBeInTheDocument();
    const list = await grid();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const [first] = within(list).getAllByRole('link', { name: 'Подборка «Лучшее десятилетия»' });
    await expect(first).toHaveAttribute('href', '/collections/1');
    await expect(within(first!).getByText('11 тайтлов')).toBeInTheDocument();
    await expect(screen.getByText('Это все подборки')).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByText('5 подборок')).toBeInTheDocument();
  },
};

/** More than a page: «Показать ещё» (or scrolling) loads the next one. */
export const ShowMore: Story = {
  parameters: { mockApi: { 'GET /api/collections': pagedCollections(30) } },
  play: async () => {
    const list = await grid();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    await expect(screen.getByText('30 подборок')).toBeInTheDocument();
    await expect(screen.getByText('Это все подборки')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/collections': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем подборки...')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 1, name: 'Подборки' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { 'GET /api/collections': okPage([], { page: 1, limit: 24, total: 0 }) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 2, name: 'Подборок пока нет' })).toBeInTheDocument();
    await expect(screen.getByText('0 подборок')).toBeInTheDocument();
    await expect(screen.queryByRole('list', { name: 'Подборки' })).not.toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  parameters: {
    mockApi: { 'GET /api/collections': [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), pagedCollections(5)] },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 2, name: 'Не удалось загрузить подборки' })).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByText('5 подборок')).toBeInTheDocument();
  },
};

/** The next page fails: the loaded cards stay, the error and «Повторить» replace the button. */
export const LoadMoreFailed: Story = {
  parameters: {
    mockApi: {
      'GET /api/collections': (request: MockRequest) =>
        request.query.get('page') === '2' ? fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') : pagedCollections(30)(request),
    },
  },
  play: async () => {
    const list = await grid();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};
