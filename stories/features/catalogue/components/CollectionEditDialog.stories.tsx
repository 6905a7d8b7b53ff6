import { CATALOGUE_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { CollectionEditDialog } from '../../../../web/src/features/catalogue/components/CollectionEditDialog';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { COLLECTION, SUGGESTIONS } from '../people-fixtures';

function CollectionEditDialogHarness({ collectionId }: { collectionId: number | null }) {
  const [open, setOpen] = useState(true);
  return open ? <CollectionEditDialog open={open} onOpenChange={setOpen} collectionId={collectionId} /> : <p>Диалог закрыт</p>;
}

const baseApi = {
  'GET /api/anime/suggest': ok(SUGGESTIONS),
  'GET /api/collections/7': ok(COLLECTION),
  'POST /api/collections': ok({ ...COLLECTION, id: 10 }, 201),
  'PUT /api/collections/7': ok(COLLECTION),
};

const meta = {
  title: 'features/catalogue/components/CollectionEditDialog',
  component: CollectionEditDialogHarness,
  args: { collectionId: null },
  parameters: { session: adminSession, mockApi: baseApi },
} satisfies Meta<typeof CollectionEditDialogHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const createDialog = async () => within(await screen.findByRole('dialog', { name: 'Новая подборка' }));

const imageFile = (name: string, type: string, size: number) => {
  const file = new File(['cover'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function fillTitle(dialog: ReturnType<typeof within>, title = 'Летние истории') {
  await userEvent.type(dialog.getByLabelText('Название'), title);
}

export const Empty: Story = {
  play: async () => {
    const dialog = await createDialog();
    await expect(dialog.getByLabelText('Название')).toHaveValue('');
    await expect(dialog.getByLabelText('Описание')).toHaveValue('');
    await expect(dialog.getByLabelText('Показывать на главной (выбор редакции)')).not.toBeChecked();
    await expect(dialog.getByText('Аниме пока не выбраны.')).toBeInTheDocument();
    await expect(dialog.getByText('JPEG, PNG, WebP или GIF, не больше 5 МБ.')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Создать' })).toBeEnabled();
  },
};

export const TitleRequired: Story = {
  play: async () => {
    const dialog = await createDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await dialog.findByText(CATALOGUE_MESSAGES.titleRequired)).toHaveClass('field__message--error');
  },
};

export const Filled: Story = {
  args: { collectionId: 7 },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Редактирование подборки' }));
    await expect(await dialog.findByLabelText('Название')).toHaveValue('Лучшее для летнего вечера');
    await expect(dialog.getByLabelText('Показывать на главной (выбор редакции)')).toBeChecked();
    await expect(dialog.getByRole('img', { name: 'Текущая обложка' })).toBeInTheDocument();
    const selected = dialog.getByRole('list', { name: 'Аниме в подборке: 12 аниме' });
    await expect(within(selected).getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(dialog.getByRole('button', { name: 'Убрать «Атака титанов»' }));
    await expect(dialog.getByRole('list', { name: 'Аниме в подборке: 11 аниме' })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  },
};

export const LoadingExisting: Story = {
  args: { collectionId: 7 },
  parameters: { mockApi: { ...baseApi, 'GET /api/collections/7': { hang: true } } },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Редактирование подборки' }));
    await expect(dialog.getByRole('status')).toHaveTextContent('Загружаем подборку...');
  },
};

export const AnimeSearch: Story = {
  play: async () => {
    const dialog = await createDialog();
    await userEvent.type(dialog.getByLabelText('Добавить аниме'), 'на');
    await userEvent.click(await dialog.findByRole('button', { name: 'Добавить «Наруто»' }, { timeout: 5000 }));
    const selected = dialog.getByRole('list', { name: 'Аниме в подборке: 1 аниме' });
    await expect(within(selected).getByText('Наруто')).toBeInTheDocument();
    await expect(within(dialog.getByRole('list', { name: 'Результаты поиска' })).getByText('Добавлено')).toBeInTheDocument();
  },
};

export const CoverPreview: Story = {
  play: async () => {
    const dialog = await createDialog();
    await userEvent.upload(dialog.getByLabelText('Обложка'), imageFile('summer.png', 'image/png', 200 * 1024));
    await expect(await dialog.findByRole('img', { name: 'Предпросмотр обложки' })).toBeInTheDocument();
  },
};

export const CoverTooLarge: Story = {
  play: async () => {
    const dialog = await createDialog();
    await fillTitle(dialog);
    await userEvent.upload(dialog.getByLabelText('Обложка'), imageFile('huge.png', 'image/png', 6 * 1024 * 1024));
    await expect(await dialog.findByText(CATALOGUE_MESSAGES.coverTooLarge)).toHaveClass('field__message--error');
    await expect(dialog.queryByRole('img', { name: 'Предпросмотр обложки' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    // Nothing was sent: the dialog stays open with the message.
    await expect(dialog.getByText(CATALOGUE_MESSAGES.coverTooLarge)).toBeInTheDocument();
  },
};

export const CoverWrongType: Story = {
  play: async () => {
    const dialog = await createDialog();
    // Bypasses the input's accept filter, as a drag-and-drop or an old browser would.
    fireEvent.change(dialog.getByLabelText('Обложка'), { target: { files: [imageFile('cover.svg', 'image/svg+xml', 2048)] } });
    await expect(await dialog.findByText(CATALOGUE_MESSAGES.coverType)).toHaveClass('field__message--error');
  },
};

export const Submitting: Story = {
  parameters: { mockApi: { ...baseApi, 'POST /api/collections': { hang: true } } },
  play: async () => {
    const dialog = await createDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await dialog.findByRole('button', { name: 'Сохранение...' })).toBeDisabled();
    await expect(dialog.getByLabelText('Название')).toBeDisabled();
  },
};

export const FieldErrors: Story = {
  parameters: {
    mockApi: {
      ...baseApi,
      'POST /api/collections': fail(400, ErrorCode.ValidationFailed, 'Некорректный запрос', [
        { field: 'title', message: 'Подборка с таким названием уже есть' },
        { field: 'animeIds', message: CATALOGUE_MESSAGES.unknownAnimeIds },
        { field: 'cover', message: CATALOGUE_MESSAGES.coverTooLarge },
      ]),
    },
  },
  play: async () => {
    const dialog = await createDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await dialog.findByText('Подборка с таким названием уже есть')).toHaveClass('field__message--error');
    await expect(dialog.getByText(CATALOGUE_MESSAGES.unknownAnimeIds)).toBeInTheDocument();
    await expect(dialog.getByText(CATALOGUE_MESSAGES.coverTooLarge)).toBeInTheDocument();
    await expect(dialog.getByLabelText('Название')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const ServerError: Story = {
  parameters: { mockApi: { ...baseApi, 'POST /api/collections': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') } },
  play: async () => {
    const dialog = await createDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await dialog.findByText('Внутренняя ошибка сервера')).toHaveClass('form__error');
    await expect(dialog.getByRole('button', { name: 'Создать' })).toBeEnabled();
  },
};

export const Saved: Story = {
  play: async () => {
    const dialog = await createDialog();
    await fillTitle(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await expect(await screen.findByText('Подборка создана')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
