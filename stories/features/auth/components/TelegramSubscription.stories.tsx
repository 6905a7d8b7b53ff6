import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TelegramSubscription } from '../../../../web/src/features/auth/components/TelegramSubscription';

const meta = {
  title: 'features/auth/components/TelegramSubscription',
  component: TelegramSubscription,
  args: {
    state: 'info',
    channel: { title: 'АнимеПортал', description: 'Новости и релизы', url: 'https://t.me/anime_portal' },
    error: null,
    onCheck: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420, padding: '1rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TelegramSubscription>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Проверить подписку' }));
    await expect(args.onCheck).toHaveBeenCalledTimes(1);
  },
};

export const Checking: Story = {
  args: { state: 'checking' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Проверяем подписку... Откройте Telegram');
    await expect(canvas.queryByRole('button', { name: 'Проверить подписку' })).not.toBeInTheDocument();
  },
};

export const Verified: Story = {
  args: { state: 'verified' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Подписка подтверждена!');
  },
};

export const SessionFailed: Story = {
  args: { error: 'Ошибка создания сессии' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Ошибка создания сессии');
    await expect(canvas.getByRole('button', { name: 'Проверить подписку' })).toBeEnabled();
  },
};

export const PollingExhausted: Story = {
  args: { error: 'Подписка не подтверждена. Попробуйте ещё раз.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Подписка не подтверждена');
    await userEvent.click(canvas.getByRole('button', { name: 'Проверить подписку' }));
    await expect(args.onCheck).toHaveBeenCalledTimes(1);
  },
};

/** Without a bot and a channel the server answers `required: false` and the form leaves the widget out (AuthDialog's RegisterWithoutTelegram). */
export const Off: Story = {
  render: () => <p className="muted">Проверка подписки выключена: виджета нет в форме регистрации.</p>,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region', { name: 'Подписка на Telegram-канал' })).not.toBeInTheDocument();
  },
};
