import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { AnimeAdminPanel } from '../../../../../web/src/features/catalogue/components/admin/AnimeAdminPanel';
import { adminSession, fail, ok } from '../../../../support/fixtures';
import { PENDING } from '../../catalogue-story-helpers';

const meta = {
  title: 'features/catalogue/components/admin/AnimeAdminPanel',
  component: AnimeAdminPanel,
  parameters: { route: '/admin', session: adminSession, mockApi: { 'POST /api/anime/update-posters': ok({ queued: 12 }, 202) } },
} satisfies Meta<typeof AnimeAdminPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const posters = () => within(screen.getByRole('group', { name: 'Постеры' }));

async function updatePosters() {
  await userEvent.click(posters().getByRole('button', { name: 'Обновить постеры' }));
}

export const Idle: Story = {
  play: async () => {
    await expect(screen.getByRole('heading', { level: 3, name: 'Тайтлы' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Новый тайтл' })).toBeEnabled();
    await expect(posters().getByText('Тайтлы с ID Shikimori, у которых нет постера, встанут в очередь синхронизации.')).toBeInTheDocument();
    await expect(posters().getByRole('button', { name: 'Обновить постеры' })).toBeEnabled();
    await expect(posters().queryByRole('status')).not.toBeInTheDocument();
  },
};

export const PostersUpdating: Story = {
  parameters: { mockApi: { 'POST /api/anime/update-posters': PENDING } },
  play: async () => {
    await updatePosters();
    await expect(await posters().findByRole('button', { name: 'Ставим в очередь...' })).toBeDisabled();
  },
};

export const PostersQueued: Story = {
  play: async () => {
    await updatePosters();
    await expect(await posters().findByRole('status')).toHaveTextContent('Поставлено в очередь: 12 тайтлов. Ход — в панели синхронизации.');
    await expect(posters().getByRole('button', { name: 'Обновить постеры' })).toBeEnabled();
  },
};

export const PostersNothingToDo: Story = {
  parameters: { mockApi: { 'POST /api/anime/update-posters': ok({ queued: 0 }, 202) } },
  play: async () => {
    await updatePosters();
    await expect(await posters().findByRole('status')).toHaveTextContent('У всех тайтлов с ID Shikimori уже есть постер.');
  },
};

export const PostersFailed: Story = {
  parameters: { mockApi: { 'POST /api/anime/update-posters': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') } },
  play: async () => {
    await updatePosters();
    await expect(await posters().findByRole('alert')).toHaveTextContent('Не удалось обновить постеры: Внутренняя ошибка сервера');
    await expect(posters().queryByRole('status')).not.toBeInTheDocument();
  },
};
