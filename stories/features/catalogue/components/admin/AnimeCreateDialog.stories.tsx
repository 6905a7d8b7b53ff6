import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AnimeAdminPanel } from '../../../../../web/src/features/catalogue/components/admin/AnimeAdminPanel';
import { AnimeCreateDialog } from '../../../../../web/src/features/catalogue/components/admin/AnimeCreateDialog';
import type { MockRequest } from '../../../../../web/src/test/mock-api';
import { LocationProbe } from '../../../../../web/src/test/render';
import { adminSession, fail, ok } from '../../../../support/fixtures';
import { GENRE_LIST, PENDING, animeDetails } from '../../catalogue-story-helpers';

const CREATED_ID = 100000001;
const createRequests: MockRequest[] = [];

const meta = {
  title: 'features/catalogue/components/admin/AnimeCreateDialog',
  component: AnimeCreateDialog,
  // Opened from the admin page's "Новый тайтл" button, as an admin sees it.
  render: () => (
    <>
      <AnimeAdminPanel />
      <LocationProbe />
    </>
  ),
  args: { open: false, onOpenChange: () => undefined },
  parameters: {
    route: '/admin',
    session: adminSession,
    mockApi: {
      'GET /api/genres': ok(GENRE_LIST),
      'POST /api/anime': (request: MockRequest) => {
        createRequests.push(request);
        const body = request.body as { title: string };
        return ok(animeDetails({ id: CREATED_ID, _id: CREATED_ID, title: body.title, idShiki: null, id_shiki: null }), 201);
      },
    },
  },
} satisfies Meta<typeof AnimeCreateDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Новый тайтл' }));
  return within(await screen.findByRole('dialog', { name: 'Новый тайтл' }));
}

async function fillTitle(dialog: ReturnType<typeof within>, title = 'Клинок, рассекающий демонов') {
  await userEvent.type(dialog.getByLabelText('Название'), title);
}

export const Empty: Story = {
  play: async () => {
    const dialog = await openDialog();
    await expect(dialog.getByText('Обязательно только название. С ID Shikimori остальное подтянет синхронизация.')).toBeInTheDocument();
    for (const label of ['Название', 'Название на русском', 'Описание', 'Ссылка на постер']) await expect(dialog.getByLabelText(label)).toHaveValue('');
    for (const label of ['Эпизоды', 'Оценка', 'Год', 'ID Shikimori']) await expect(dialog.getByLabelText(label)).toHaveValue(null);
    await expect(dialog.getByLabelText('Тип')).toHaveValue('');
    await expect(dialog.getByLabelText('Статус')).toHaveValue('completed');
    await expect(dialog.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    await expect(dialog.getByRole('button', { name: 'Создать' })).toBeEnabled();
  },
};

export const Invalid: Story = {
  play: async () => {
    createRequests.length = 0;
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Оценка'), '11');
    await userEvent.type(dialog.getByLabelText('Ссылка на постер'), 'ftp://posters/1.jpg');
    await userEvent.type(dialog.getByLabelText('ID Shikimori'), '0');
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(dialog.getByLabelText('Название')).toHaveAccessibleDescription('Укажите название');
    await expect(dialog.getByLabelText('Оценка')).toHaveAccessibleDescription('Введите число');
    await expect(dialog.getByLabelText('ID Shikimori')).toHaveAccessibleDescription('Введите число');
    await expect(dialog.getByLabelText('Ссылка на постер')).toHaveAccessibleDescription('Ссылка на постер должна начинаться с https:// или http://');
    await expect(createRequests).toHaveLength(0);
    // Typing into a field clears its error.
    await fillTitle(dialog);
    await expect(dialog.getByLabelText('Название')).not.toHaveAttribute('aria-invalid');
  },
};

export const Saving: Story = {
  parameters: { mockApi: { 'POST /api/anime': PENDING } },
  play: async () => {
    const dialog = await openDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await dialog.findByRole('button', { name: 'Создаём...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Отмена' })).toBeDisabled();
  },
};

export const FieldErrors: Story = {
  parameters: {
    mockApi: {
      'POST /api/anime': fail(400, ErrorCode.ValidationFailed, 'Проверьте поля', [
        { field: 'title', message: 'Название: не больше 300 символов' },
        { field: 'imageUrl', message: 'Ссылка на постер должна начинаться с https:// или http://' },
        { field: 'idShiki', message: 'Shikimori id должен быть положительным целым числом' },
      ]),
    },
  },
  play: async () => {
    const dialog = await openDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await dialog.findByText('Название: не больше 300 символов')).toBeInTheDocument();
    await expect(dialog.getByLabelText('Название')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabelText('Ссылка на постер')).toHaveAccessibleDescription('Ссылка на постер должна начинаться с https:// или http://');
    await expect(dialog.getByLabelText('ID Shikimori')).toHaveAccessibleDescription('Shikimori id должен быть положительным целым числом');
    await expect(dialog.queryByText('Проверьте поля')).not.toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Создать' })).toBeEnabled();
  },
};

export const ServerError: Story = {
  parameters: { mockApi: { 'POST /api/anime': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') } },
  play: async () => {
    const dialog = await openDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Внутренняя ошибка сервера');
    await expect(dialog.getByLabelText('Название')).toHaveValue('Клинок, рассекающий демонов');
  },
};

export const Created: Story = {
  play: async () => {
    createRequests.length = 0;
    const dialog = await openDialog();
    await fillTitle(dialog);
    await userEvent.type(dialog.getByLabelText('Эпизоды'), '26');
    await userEvent.selectOptions(dialog.getByLabelText('Тип'), 'tv');
    await userEvent.type(dialog.getByLabelText('ID Shikimori'), '38000');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Фэнтези' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));

    await expect(await dialog.findByRole('status')).toHaveTextContent('«Клинок, рассекающий демонов» добавлен в каталог.');
    // Only what was filled in is sent, with the status the server would assume anyway.
    await expect(createRequests.map((request) => request.body)).toEqual([
      { title: 'Клинок, рассекающий демонов', kind: 'tv', status: 'completed', episodes: 26, idShiki: 38000, genres: ['fantasy'] },
    ]);
    const link = dialog.getByRole('link', { name: 'Открыть страницу тайтла' });
    await expect(link).toHaveAttribute('href', `/anime/${CREATED_ID}`);
    await userEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(screen.getByTestId('location')).toHaveTextContent(`/anime/${CREATED_ID}`);
  },
};

export const CreateAnother: Story = {
  play: async () => {
    const dialog = await openDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Добавить ещё' }));
    await expect(dialog.getByLabelText('Название')).toHaveValue('');
    await expect(dialog.queryByRole('status')).not.toBeInTheDocument();
  },
};
