import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AnimeEditButton } from '../../../../web/src/features/catalogue/components/AnimeEditButton';
import { AnimeEditDialog } from '../../../../web/src/features/catalogue/components/AnimeEditDialog';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { LocationProbe } from '../../../../web/src/test/render';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { GENRE_LIST, PENDING, animeDetails, svgPoster } from '../catalogue-story-helpers';

const anime = animeDetails();

/** Shikimori's screenshots as the image search answers (data URLs: stories run offline). */
const SCREENSHOTS = [1, 2, 3].map((n) => ({ original: svgPoster(`Кадр ${n}`, n * 90), preview: svgPoster(`${n}`, n * 90) }));
const backgroundRequests: MockRequest[] = [];
const backgroundServer = {
  'GET /api/images/search/1': ok({ images: SCREENSHOTS }),
  'POST /api/images/set-background/1': (request: MockRequest) => {
    backgroundRequests.push(request);
    return ok({ jobId: 'background-1' }, 202);
  },
};

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

// Deleting the title ------------------------------------------------------------------------

async function askToDelete(dialog: ReturnType<typeof within>) {
  await userEvent.click(dialog.getByRole('button', { name: 'Удалить тайтл' }));
  return within(dialog.getByRole('group', { name: 'Удалить навсегда?' }));
}

export const DeleteConfirm: Story = {
  parameters: { mockApi: { 'DELETE /api/anime/1': PENDING } },
  play: async () => {
    const confirm = await askToDelete(await openDialog());
    await expect(confirm.getByText('«Стальной алхимик: Братство» пропадёт из каталога. Отменить это нельзя.')).toBeInTheDocument();
    await expect(confirm.getByRole('button', { name: 'Удалить навсегда' })).toBeEnabled();
    await userEvent.click(confirm.getByRole('button', { name: 'Отмена' }));
    await expect(screen.queryByRole('group', { name: 'Удалить навсегда?' })).not.toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Удалить тайтл' })).toBeEnabled();
  },
};

export const Deleting: Story = {
  parameters: { mockApi: { 'DELETE /api/anime/1': PENDING } },
  play: async () => {
    const confirm = await askToDelete(await openDialog());
    await userEvent.click(confirm.getByRole('button', { name: 'Удалить навсегда' }));
    await expect(await confirm.findByRole('button', { name: 'Удаляем...' })).toBeDisabled();
    await expect(confirm.getByRole('button', { name: 'Отмена' })).toBeDisabled();
  },
};

export const DeleteError: Story = {
  parameters: { mockApi: { 'DELETE /api/anime/1': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') } },
  play: async () => {
    const confirm = await askToDelete(await openDialog());
    await userEvent.click(confirm.getByRole('button', { name: 'Удалить навсегда' }));
    await expect(await confirm.findByRole('alert')).toHaveTextContent('Не удалось удалить тайтл: Внутренняя ошибка сервера');
    await expect(confirm.getByRole('button', { name: 'Удалить навсегда' })).toBeEnabled();
  },
};

export const Deleted: Story = {
  render: (args) => (
    <>
      <AnimeEditButton anime={args.anime} />
      <LocationProbe />
    </>
  ),
  parameters: { route: '/anime/1', mockApi: { 'DELETE /api/anime/1': ok({ id: 1, deleted: true }) } },
  play: async () => {
    const confirm = await askToDelete(await openDialog());
    await userEvent.click(confirm.getByRole('button', { name: 'Удалить навсегда' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/catalog'));
    await expect(await screen.findByText('Тайтл удалён')).toBeInTheDocument();
    await expect(screen.getByText('«Стальной алхимик: Братство» больше нет в каталоге.')).toBeInTheDocument();
  },
};

// The background ---------------------------------------------------------------------------

async function openBackground() {
  const dialog = await openDialog();
  return within(dialog.getByRole('region', { name: 'Фон' }));
}

async function searchImages() {
  const section = await openBackground();
  await userEvent.click(section.getByRole('button', { name: 'Найти изображения' }));
  return section;
}

async function pickSecond(section: ReturnType<typeof within>) {
  await userEvent.click(await section.findByRole('radio', { name: 'Кадр 2' }));
  await userEvent.click(section.getByRole('button', { name: 'Сделать фоном' }));
}

export const BackgroundNone: Story = {
  play: async () => {
    const section = await openBackground();
    await expect(section.getByText('Фон не задан.')).toBeInTheDocument();
    await expect(section.getByRole('button', { name: 'Найти изображения' })).toBeEnabled();
  },
};

export const BackgroundCurrent: Story = {
  args: { anime: animeDetails({ background: SCREENSHOTS[0]!.original }) },
  play: async () => {
    const section = await openBackground();
    await expect(section.getByRole('img', { name: 'Текущий фон' })).toHaveAttribute('src', SCREENSHOTS[0]!.original);
    await expect(section.queryByText('Фон не задан.')).not.toBeInTheDocument();
  },
};

export const BackgroundSearching: Story = {
  parameters: { mockApi: { 'GET /api/images/search/1': PENDING } },
  play: async () => {
    const section = await searchImages();
    await expect(await section.findByRole('status')).toHaveTextContent('Ищем изображения...');
    await expect(section.queryByRole('button', { name: 'Найти изображения' })).not.toBeInTheDocument();
  },
};

export const BackgroundChoices: Story = {
  parameters: { mockApi: backgroundServer },
  play: async () => {
    const section = await searchImages();
    const choices = within(await section.findByRole('group', { name: 'Кадры с Shikimori' }));
    await expect(choices.getAllByRole('radio')).toHaveLength(3);
    await expect(choices.getByRole('img', { name: 'Кадр 1' })).toHaveAttribute('src', SCREENSHOTS[0]!.preview);
    await expect(section.getByRole('button', { name: 'Сделать фоном' })).toBeDisabled();
    await userEvent.click(choices.getByRole('radio', { name: 'Кадр 2' }));
    await expect(choices.getByRole('radio', { name: 'Кадр 2' })).toBeChecked();
    await expect(section.getByRole('button', { name: 'Сделать фоном' })).toBeEnabled();
  },
};

export const BackgroundNoImages: Story = {
  parameters: { mockApi: { 'GET /api/images/search/1': ok({ images: [] }) } },
  play: async () => {
    const section = await searchImages();
    await expect(await section.findByText('Кадров на Shikimori нет: у тайтла нет ID Shikimori или Shikimori его не знает.')).toBeInTheDocument();
    await expect(section.queryByRole('radio')).not.toBeInTheDocument();
  },
};

export const BackgroundSearchError: Story = {
  parameters: {
    mockApi: {
      'GET /api/images/search/1': [fail(503, ErrorCode.ServiceUnavailable, 'Shikimori временно недоступен, попробуйте позже'), ok({ images: SCREENSHOTS })],
    },
  },
  play: async () => {
    const section = await searchImages();
    await expect(await section.findByRole('alert')).toHaveTextContent('Не удалось найти изображения: Shikimori временно недоступен, попробуйте позже');
    await userEvent.click(section.getByRole('button', { name: 'Повторить' }));
    await expect(await section.findByRole('radio', { name: 'Кадр 1' })).toBeInTheDocument();
  },
};

export const BackgroundApplying: Story = {
  parameters: { mockApi: { ...backgroundServer, 'POST /api/images/set-background/1': PENDING } },
  play: async () => {
    const section = await searchImages();
    await pickSecond(section);
    await expect(await section.findByRole('button', { name: 'Отправляем...' })).toBeDisabled();
    await expect(section.getByRole('radio', { name: 'Кадр 1' })).toBeDisabled();
  },
};

export const BackgroundQueued: Story = {
  // The job has not run yet: the title still has no background when it is read again.
  parameters: { mockApi: { ...backgroundServer, 'GET /api/anime/1': ok(anime) } },
  play: async () => {
    backgroundRequests.length = 0;
    const section = await searchImages();
    await pickSecond(section);
    await expect(await section.findByText('Фон в очереди: он появится через несколько секунд.')).toBeInTheDocument();
    await expect(backgroundRequests.map((request) => request.body)).toEqual([{ backgroundUrl: SCREENSHOTS[1]!.original }]);
    await expect(section.getByText('Фон не задан.')).toBeInTheDocument();
  },
};

export const BackgroundApplied: Story = {
  parameters: { mockApi: { ...backgroundServer, 'GET /api/anime/1': ok(animeDetails({ background: SCREENSHOTS[1]!.original })) } },
  play: async () => {
    const section = await searchImages();
    await pickSecond(section);
    await expect(await section.findByText('Фон обновлён.')).toBeInTheDocument();
    await expect(section.getByRole('img', { name: 'Текущий фон' })).toHaveAttribute('src', SCREENSHOTS[1]!.original);
  },
};

export const BackgroundApplyError: Story = {
  parameters: {
    mockApi: {
      ...backgroundServer,
      'POST /api/images/set-background/1': fail(400, ErrorCode.ValidationFailed, 'Проверьте поля', [
        { field: 'backgroundUrl', message: 'Ссылка на фон должна начинаться с https:// или http://' },
      ]),
    },
  },
  play: async () => {
    const section = await searchImages();
    await pickSecond(section);
    await expect(await section.findByRole('alert')).toHaveTextContent('Не удалось сменить фон: Ссылка на фон должна начинаться с https:// или http://');
    await expect(section.getByRole('button', { name: 'Сделать фоном' })).toBeEnabled();
  },
};
