import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AnimeEditButton } from '../../../../web/src/features/catalogue/components/AnimeEditButton';
import { AnimeEditDialog } from '../../../../web/src/features/catalogue/components/AnimeEditDialog';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { GENRE_LIST, PENDING, animeDetails } from '../catalogue-story-helpers';

const anime = animeDetails();

const meta = {
  title: 'features/catalogue/components/AnimeEditDialog',
  component: AnimeEditDialog,
  // Opened from the anime page's "Редактировать" button, as an admin sees it.
  render: (args) => <AnimeEditButton anime={args.anime} />,
  args: { anime, open: false, onOpenChange: () => undefined },
  parameters: {
    session: adminSession,
    mockApi: { 'GET /api/genres': ok(GENRE_LIST), 'PATCH /api/anime/1': ok(animeDetails({ titleRu: 'Стальной алхимик: Братство (2009)' })) },
  },
} satisfies Meta<typeof AnimeEditDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Редактировать' }));
  return within(await screen.findByRole('dialog', { name: 'Редактирование аниме' }));
}

async function changeTitleRu(dialog: ReturnType<typeof within>, value: string) {
  const field = dialog.getByLabelText('Название на русском');
  await userEvent.clear(field);
  await userEvent.type(field, value);
}

export const ClosedIdle: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Редактировать' })).toBeEnabled();
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

export const Filled: Story = {
  play: async () => {
    const dialog = await openDialog();
    await expect(dialog.getByLabelText('Название')).toHaveValue('Стальной алхимик: Братство');
    await expect(dialog.getByLabelText('Тип')).toHaveValue('tv');
    await expect(dialog.getByLabelText('Статус')).toHaveValue('completed');
    await expect(dialog.getByLabelText('Эпизоды')).toHaveValue(64);
    await expect(dialog.getByLabelText('Год')).toHaveValue(2009);
    await expect(dialog.getByLabelText('Сезон')).toHaveValue('spring');
    await expect(dialog.getByLabelText('Оценка')).toHaveValue(9.1);
    await expect(dialog.getByRole('checkbox', { name: 'Фэнтези' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Романтика' })).not.toBeChecked();
    await changeTitleRu(dialog, 'Братство');
    await expect(dialog.getByLabelText('Название на русском')).toHaveValue('Братство');
  },
};

export const Submitting: Story = {
  parameters: { mockApi: { 'PATCH /api/anime/1': PENDING } },
  play: async () => {
    const dialog = await openDialog();
    await changeTitleRu(dialog, 'Братство');
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    const saving = await dialog.findByRole('button', { name: 'Сохраняем...' });
    await expect(saving).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Отмена' })).toBeDisabled();
  },
};

export const FieldErrors: Story = {
  parameters: {
    mockApi: {
      'PATCH /api/anime/1': fail(400, ErrorCode.ValidationFailed, 'Проверьте поля', [
        { field: 'title', message: 'Название слишком длинное' },
        { field: 'score', message: 'Оценка должна быть от 0 до 10' },
      ]),
    },
  },
  play: async () => {
    const dialog = await openDialog();
    await changeTitleRu(dialog, 'Братство');
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await expect(await dialog.findByText('Название слишком длинное')).toBeInTheDocument();
    await expect(dialog.getByLabelText('Название')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabelText('Оценка')).toHaveAccessibleDescription('Оценка должна быть от 0 до 10');
  },
};

export const ServerError: Story = {
  parameters: { mockApi: { 'PATCH /api/anime/1': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') } },
  play: async () => {
    const dialog = await openDialog();
    await changeTitleRu(dialog, 'Братство');
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await expect(await dialog.findByText('Внутренняя ошибка сервера')).toHaveClass('form__error');
    await expect(dialog.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  },
};

export const Success: Story = {
  play: async () => {
    const dialog = await openDialog();
    await changeTitleRu(dialog, 'Братство');
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await screen.findByText('Аниме обновлено')).toBeInTheDocument();
  },
};
