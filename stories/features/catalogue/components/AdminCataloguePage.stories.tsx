import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import AdminCataloguePage from '../../../../web/src/features/catalogue/components/AdminCataloguePage';
import { PendingReviewsQueue } from '../../../../web/src/features/reviews/components/PendingReviewsQueue';
import { makePendingPage, makePendingReview } from '../../../../web/src/features/reviews/testing/review-fixtures';
import { adminSession, ok } from '../../../support/fixtures';
import { AT_375, SYNC_PROGRESS, okPage } from '../catalogue-story-helpers';
import { COLLECTIONS } from '../people-fixtures';

const meta = {
  title: 'features/catalogue/components/AdminCataloguePage',
  component: AdminCataloguePage,
  parameters: {
    route: '/admin',
    session: adminSession,
    mockApi: {
      'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS),
      'GET /api/collections': okPage(COLLECTIONS, { page: 1, limit: 20, total: COLLECTIONS.length }),
    },
  },
} satisfies Meta<typeof AdminCataloguePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(screen.getByRole('heading', { level: 1, name: 'Админ-панель' })).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 2, name: 'Каталог' })).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 3, name: 'Тайтлы' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Новый тайтл' })).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Обновить постеры' })).toBeEnabled();
    await expect(screen.getByRole('heading', { level: 3, name: 'Парсер' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Запустить' })).toBeEnabled();
    await expect(screen.getByRole('heading', { level: 3, name: 'Синхронизация с Shikimori' })).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 3, name: 'Подборки' })).toBeInTheDocument();
    await expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await expect(await screen.findByRole('link', { name: 'Лучшее для летнего вечера' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Статистика сайта' })).toHaveAttribute('href', '/admin/reports');
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  },
};

/** With the reviews' moderation queue in its slot (as the app composes it), before the catalogue. */
export const WithReviewQueue: Story = {
  args: { slots: { sections: [PendingReviewsQueue] } },
  parameters: {
    mockApi: {
      'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS),
      'GET /api/collections': okPage(COLLECTIONS, { page: 1, limit: 20, total: COLLECTIONS.length }),
      'GET /api/admin/reviews/pending': ok(makePendingPage([makePendingReview({ title: 'Ждёт проверки' })], null, 1)),
    },
  },
  play: async () => {
    const queue = await screen.findByRole('heading', { level: 2, name: 'Рецензии на проверке (1)' });
    await expect(await screen.findByText('Ждёт проверки')).toBeInTheDocument();
    const catalogue = screen.getByRole('heading', { level: 2, name: 'Каталог' });
    await expect(queue.compareDocumentPosition(catalogue) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};
