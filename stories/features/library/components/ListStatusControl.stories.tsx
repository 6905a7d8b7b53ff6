import { ErrorCode, LIST_STATUS_LABELS, type ListStatus } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { ListStatusControl } from '../../../../web/src/features/library/components/ListStatusControl';
import { fail, ok, userSession } from '../../../support/fixtures';
import { PENDING, animeRef, listEntry, recorder } from '../library-story-helpers';

/** Answers as the server would: the status asked for (or "Смотрю") and the progress asked for (or 12). */
const updates = recorder((request) => {
  const body = request.body as { status?: ListStatus; progress?: number };
  return ok(listEntry(body.status ?? 'watching', body.progress === undefined ? {} : { progress: body.progress }));
});

const meta = {
  title: 'features/library/components/ListStatusControl',
  component: ListStatusControl,
  args: { anime: animeRef(1) },
  decorators: [(Story) => <div className="page">{Story()}</div>],
  parameters: {
    session: userSession,
    mockApi: {
      'GET /api/users/anime/1': ok(listEntry('watching')),
      'PUT /api/users/anime/status': updates.handler,
      'DELETE /api/users/anime/1': ok({ animeId: 1, removed: true }),
    },
  },
} satisfies Meta<typeof ListStatusControl>;

export default meta;
type Story = StoryObj<typeof meta>;

const select = () => screen.findByRole('combobox', { name: 'Мой список' });
const watchedField = () => screen.findByRole('spinbutton', { name: 'Просмотрено серий' });

/** A title in the list with `status`: the select shows its Russian label. */
const withStatus = (status: ListStatus): Story => ({
  parameters: { mockApi: { ...meta.parameters.mockApi, 'GET /api/users/anime/1': ok(listEntry(status)) } },
  play: async () => {
    await expect(await select()).toHaveDisplayValue(LIST_STATUS_LABELS[status]);
    await expect(await watchedField()).toHaveValue(12);
    await expect(screen.getByText('из 64')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Удалить из списка' })).toBeInTheDocument();
  },
});

export const Watching = withStatus('watching');
export const Planned = withStatus('planned');
export const Completed = withStatus('completed');
export const OnHold = withStatus('on_hold');
export const Dropped = withStatus('dropped');
export const Rewatching = withStatus('rewatching');

/** Not in the list: the six statuses are offered; choosing one adds the title (with the anime object). */
export const NotInList: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'GET /api/users/anime/1': ok(null) } },
  play: async () => {
    const control = await select();
    await expect(control).toHaveDisplayValue('Не в списке');
    await expect(Array.from((control as HTMLSelectElement).options).map((option) => option.text)).toEqual([
      'Не в списке',
      'Смотрю',
      'Запланировано',
      'Просмотрено',
      'Отложено',
      'Брошено',
      'Пересматриваю',
    ]);
    await userEvent.selectOptions(control, 'Запланировано');
    await waitFor(() => expect(updates.bodies.at(-1)).toMatchObject({ animeId: 1, status: 'planned', anime: { id: 1, title: 'Стальной алхимик: Братство' } }));
    await expect(await select()).toHaveDisplayValue('Запланировано');
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/users/anime/1': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем ваш список...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { 'GET /api/users/anime/1': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить ваш список: Сервис временно недоступен');
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** The change shows at once while the server has not answered yet. */
export const Saving: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'PUT /api/users/anime/status': PENDING } },
  play: async () => {
    await userEvent.selectOptions(await select(), 'Просмотрено');
    await expect(await select()).toHaveDisplayValue('Просмотрено');
    await expect(await screen.findByText('Сохраняем...')).toBeInTheDocument();
  },
};

/** The server refuses: the previous status comes back, with a toast and the reason under the select. */
export const SaveError: Story = {
  parameters: {
    mockApi: { ...meta.parameters.mockApi, 'PUT /api/users/anime/status': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') },
  },
  play: async () => {
    await userEvent.selectOptions(await select(), 'Брошено');
    await expect(await screen.findByText('Не удалось обновить список: Сервис временно недоступен')).toBeInTheDocument();
    await expect(await select()).toHaveDisplayValue('Смотрю');
    await expect(await screen.findByText('Не удалось обновить список')).toBeInTheDocument();
  },
};

export const Removed: Story = {
  play: async () => {
    await expect(await select()).toHaveDisplayValue('Смотрю');
    await userEvent.click(screen.getByRole('button', { name: 'Удалить из списка' }));
    await expect(await select()).toHaveDisplayValue('Не в списке');
    await expect(await screen.findByText('Удалено из списка')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Удалить из списка' })).not.toBeInTheDocument();
  },
};

/** −/+ and typing change the number; nothing is sent before "Сохранить" or Enter. */
export const EditingWatchedEpisodes: Story = {
  play: async () => {
    const field = await watchedField();
    const sent = updates.bodies.length;
    await userEvent.click(screen.getByRole('button', { name: 'На одну серию больше' }));
    await userEvent.click(screen.getByRole('button', { name: 'На одну серию больше' }));
    await expect(field).toHaveValue(14);
    await userEvent.click(screen.getByRole('button', { name: 'На одну серию меньше' }));
    await expect(field).toHaveValue(13);
    // Never beyond the title's episodes with the steppers.
    await userEvent.clear(field);
    await userEvent.type(field, '64');
    await userEvent.click(screen.getByRole('button', { name: 'На одну серию больше' }));
    await expect(field).toHaveValue(64);
    await expect(updates.bodies).toHaveLength(sent);
  },
};

/** Keyboard only: Tab to the field, type, Enter; the number is sent as `progress`. */
export const SavingWatchedEpisodes: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'PUT /api/users/anime/status': PENDING } },
  play: async () => {
    const field = await watchedField();
    field.focus();
    await userEvent.keyboard('{Control>}a{/Control}20{Enter}');
    await expect(await screen.findByText('Сохраняем...')).toBeInTheDocument();
    await expect(field).toHaveValue(20);
  },
};

export const SavedWatchedEpisodes: Story = {
  play: async () => {
    const field = await watchedField();
    await userEvent.clear(field);
    await userEvent.type(field, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(updates.bodies.at(-1)).toEqual({ animeId: 1, progress: 20 }));
    await waitFor(() => expect(field).toHaveValue(20));
    await expect(field).not.toHaveAttribute('aria-invalid');
  },
};

/** The server refuses the number: its Russian message shows under the field, which stays as typed. */
export const WatchedEpisodesRefused: Story = {
  parameters: {
    mockApi: {
      ...meta.parameters.mockApi,
      'PUT /api/users/anime/status': fail(400, ErrorCode.ValidationFailed, 'Проверьте введённые данные', [
        { field: 'progress', message: 'Прогресс должен быть целым числом не меньше 0' },
      ]),
    },
  },
  play: async () => {
    const field = await watchedField();
    await userEvent.clear(field);
    await userEvent.type(field, '2.5{Enter}');
    await expect(await screen.findByText('Не удалось сохранить просмотренные серии: Прогресс должен быть целым числом не меньше 0')).toBeInTheDocument();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue(2.5);
  },
};
