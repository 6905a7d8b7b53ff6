import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { CollectionsAdmin } from '../../../../web/src/features/catalogue/components/CollectionsAdmin';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { okPage } from '../catalogue-story-helpers';
import { COLLECTION, COLLECTIONS, SUGGESTIONS } from '../people-fixtures';

const baseApi = {
  'GET /api/collections': okPage(COLLECTIONS, { page: 1, limit: 20, total: COLLECTIONS.length }),
  'GET /api/collections/7': ok(COLLECTION),
  'GET /api/anime/suggest': ok(SUGGESTIONS),
  'DELETE /api/collections/8': { status: 200, body: { success: true, data: null } },
};

const meta = {
  title: 'features/catalogue/components/CollectionsAdmin',
  component: CollectionsAdmin,
  parameters: { session: adminSession, mockApi: baseApi },
} satisfies Meta<typeof CollectionsAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: 'Подборки' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getByRole('link', { name: 'Лучшее для летнего вечера' })).toHaveAttribute('href', '/collections/7');
    await expect(within(list).getByText('21 аниме')).toBeInTheDocument();
    await expect(within(list).getAllByText('На главной')).toHaveLength(2);
  },
};

export const Loading: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/collections': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загружаем подборки...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/collections': okPage([], { page: 1, limit: 20, total: 0 }) } },
  play: async () => {
    await expect(await screen.findByText('Подборок пока нет. Создайте первую.')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Создать подборку' })).toBeEnabled();
  },
};

export const LoadFailed: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/collections': { networkError: true } } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить подборки');
  },
};

export const Paged: Story = {
  parameters: {
    mockApi: {
      ...baseApi,
      'GET /api/collections': (request: { query: URLSearchParams }) => {
        const page = Number(request.query.get('page') ?? 1);
        return okPage(page === 1 ? COLLECTIONS : [{ ...COLLECTIONS[1]!, id: 30, title: 'Подборка на второй странице' }], { page, limit: 20, total: 21 });
      },
    },
  },
  play: async () => {
    await expect(await screen.findByText('Страница 1 из 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    await expect(await screen.findByRole('link', { name: 'Подборка на второй странице' })).toBeInTheDocument();
    await expect(screen.getByText('Страница 2 из 2')).toBeInTheDocument();
  },
};

export const CreateOpens: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Создать подборку' }));
    await expect(await screen.findByRole('dialog', { name: 'Новая подборка' })).toBeInTheDocument();
  },
};

export const EditOpens: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить подборку «Лучшее для летнего вечера»' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Редактирование подборки' }));
    await expect(await dialog.findByLabelText('Название')).toHaveValue('Лучшее для летнего вечера');
  },
};

export const DeleteConfirmation: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить подборку «Классика девяностых»' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить подборку?' }));
    await expect(dialog.getByText(/Подборка «Классика девяностых» будет удалена без возможности восстановления/)).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Удалить' })).toBeEnabled();
  },
};

export const DeleteCancelled: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить подборку «Классика девяностых»' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить подборку?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(screen.getByRole('link', { name: 'Классика девяностых' })).toBeInTheDocument();
  },
};

export const Deleted: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить подборку «Классика девяностых»' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить подборку?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await expect(await screen.findByText('Подборка удалена')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const DeleteFailed: Story = {
  parameters: { mockApi: { ...baseApi, 'DELETE /api/collections/8': fail(403, ErrorCode.Forbidden, 'Недостаточно прав') } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить подборку «Классика девяностых»' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить подборку?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Не удалось удалить подборку: Недостаточно прав');
  },
};
