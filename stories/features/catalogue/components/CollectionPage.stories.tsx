import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import CollectionPage from '../../../../web/src/features/catalogue/components/CollectionPage';
import { fail, ok } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { AT_375 } from '../catalogue-story-helpers';
import { COLLECTION } from '../people-fixtures';

const CollectionRoute = pageAtRoute('/collections/:id', CollectionPage);

const meta = {
  title: 'features/catalogue/components/CollectionPage',
  component: CollectionRoute,
  parameters: { route: '/collections/7', mockApi: { 'GET /api/collections/7': ok(COLLECTION) } },
} satisfies Meta<typeof CollectionRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Лучшее для летнего вечера' })).toBeInTheDocument();
    await expect(screen.getByRole('img', { name: 'Обложка подборки «Лучшее для летнего вечера»' })).toBeInTheDocument();
    await expect(screen.getByText('12 аниме')).toBeInTheDocument();
    await expect(screen.getByText('Выбор редакции')).toBeInTheDocument();
    await expect(screen.getByText(/Без спешки, с чаем/)).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Лучшее для летнего вечера' });
    await expect(within(grid).getAllByRole('listitem')).toHaveLength(12);
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByText('12 аниме')).toBeInTheDocument();
  },
};

export const WithoutCover: Story = {
  parameters: { mockApi: { 'GET /api/collections/7': ok({ ...COLLECTION, cover: null, featured: false, description: '' }) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Лучшее для летнего вечера' })).toBeInTheDocument();
    await expect(screen.queryByRole('img', { name: /Обложка подборки/ })).not.toBeInTheDocument();
    await expect(screen.queryByText('Выбор редакции')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { 'GET /api/collections/7': ok({ ...COLLECTION, anime: [], animeCount: 0 }) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'В подборке пока нет аниме' })).toBeInTheDocument();
    await expect(screen.getByText('0 аниме')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/collections/7': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка...')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { route: '/collections/404', mockApi: { 'GET /api/collections/404': fail(404, ErrorCode.NotFound, 'Подборка не найдена') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Подборка не найдена' })).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { 'GET /api/collections/7': { networkError: true } } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить данные' })).toBeInTheDocument();
    await expect(screen.getByText('Не удалось подключиться к серверу. Проверьте, запущен ли сервер.')).toBeInTheDocument();
  },
};
