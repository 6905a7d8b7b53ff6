import { ErrorCode, LIST_STATUS_LABELS, type ListStatus } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { ListStatusControl } from '../../../../web/src/features/library/components/ListStatusControl';
import { fail, ok, userSession } from '../../../support/fixtures';
import { PENDING, animeRef, listEntry, recorder } from '../library-story-helpers';

const updates = recorder((request) => ok(listEntry((request.body as { status: ListStatus }).status)));

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

/** A title in the list with `status`: the select shows its Russian label. */
const withStatus = (status: ListStatus): Story => ({
  parameters: { mockApi: { ...meta.parameters.mockApi, 'GET /api/users/anime/1': ok(listEntry(status)) } },
  play: async () => {
    await expect(await select()).toHaveDisplayValue(LIST_STATUS_LABELS[status]);
    await expect(screen.getByText('Просмотрено серий: 12 из 64')).toBeInTheDocument();
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
