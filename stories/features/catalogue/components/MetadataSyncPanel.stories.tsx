import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { MetadataSyncPanel } from '../../../../web/src/features/catalogue/components/MetadataSyncPanel';
import { adminSession, fail, ok } from '../../../support/fixtures';
import { SYNC_IDLE, SYNC_PROGRESS } from '../catalogue-story-helpers';

const meta = {
  title: 'features/catalogue/components/MetadataSyncPanel',
  component: MetadataSyncPanel,
  parameters: {
    session: adminSession,
    mockApi: { 'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS), 'POST /api/admin/catalogue/sync': ok({ queued: 1000 }) },
  },
} satisfies Meta<typeof MetadataSyncPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InProgress: Story = {
  play: async () => {
    const bar = await screen.findByRole('progressbar', { name: 'Синхронизировано тайтлов' });
    await expect(bar).toHaveAttribute('aria-valuenow', '750');
    await expect(screen.getByText('750 из 1 000 тайтлов с ID Shikimori (75%)')).toBeInTheDocument();
    const queue = screen.getByLabelText('Очередь синхронизации');
    await expect(within(queue).getByText('В очереди').nextElementSibling).toHaveTextContent('120');
    await expect(within(queue).getByText('С ошибкой').nextElementSibling).toHaveTextContent('3');
    const failures = screen.getByRole('list', { name: 'Последние ошибки' });
    await expect(within(failures).getByText('ID 5114, попыток: 3')).toBeInTheDocument();
  },
};

export const Idle: Story = {
  parameters: { mockApi: { 'GET /api/admin/catalogue/sync': ok(SYNC_IDLE) } },
  play: async () => {
    await expect(await screen.findByText('В каталоге нет тайтлов с ID Shikimori.')).toBeInTheDocument();
    await expect(screen.getByText('Ошибок нет.')).toBeInTheDocument();
    await expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/admin/catalogue/sync': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Получаем состояние очереди...')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Синхронизировать всё' })).toBeEnabled();
  },
};

export const LoadFailed: Story = {
  parameters: {
    mockApi: { 'GET /api/admin/catalogue/sync': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') },
  },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Не удалось получить состояние синхронизации: Сервис временно недоступен, попробуйте позже');
    await expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

export const SyncAll: Story = {
  play: async () => {
    await screen.findByRole('progressbar');
    await userEvent.click(screen.getByRole('button', { name: 'Синхронизировать всё' }));
    await expect(await screen.findByText('Поставлено в очередь: 1000 задач')).toBeInTheDocument();
  },
};

export const SyncAllPending: Story = {
  parameters: {
    mockApi: { 'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS), 'POST /api/admin/catalogue/sync': { hang: true } },
  },
  play: async () => {
    await screen.findByRole('progressbar');
    await userEvent.click(screen.getByRole('button', { name: 'Синхронизировать всё' }));
    await expect(await screen.findByRole('button', { name: 'Ставим в очередь...' })).toBeDisabled();
  },
};

export const SyncIds: Story = {
  parameters: {
    mockApi: { 'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS), 'POST /api/admin/catalogue/sync': ok({ queued: 2 }) },
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText('ID Shikimori'), '5114, 9253');
    await userEvent.click(screen.getByRole('button', { name: 'Синхронизировать' }));
    await expect(await screen.findByText('Поставлено в очередь: 2 задачи')).toBeInTheDocument();
    await expect(screen.getByLabelText('ID Shikimori')).toHaveValue('');
  },
};

export const SyncIdsInvalid: Story = {
  play: async () => {
    await userEvent.type(await screen.findByLabelText('ID Shikimori'), '5114, двадцать');
    await userEvent.click(screen.getByRole('button', { name: 'Синхронизировать' }));
    await expect(await screen.findByText('Укажите ID Shikimori: целые положительные числа через запятую или пробел')).toHaveClass('field__message--error');
  },
};

export const SyncFailed: Story = {
  parameters: {
    mockApi: {
      'GET /api/admin/catalogue/sync': ok(SYNC_PROGRESS),
      'POST /api/admin/catalogue/sync': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'),
    },
  },
  play: async () => {
    await screen.findByRole('progressbar');
    await userEvent.click(screen.getByRole('button', { name: 'Синхронизировать всё' }));
    await expect(await screen.findByText('Не удалось запустить синхронизацию')).toBeInTheDocument();
  },
};
