import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { TelegramNotices } from '../../../../web/src/features/settings/components/TelegramNotices';
import { fail, makeUser, ok } from '../../../support/fixtures';

const linked = makeUser({ telegramUserId: '4242', telegramNotices: false });
const NOTICES = 'PUT /api/telegram/notices';

const meta = {
  title: 'features/settings/components/TelegramNotices',
  component: TelegramNotices,
  args: { user: linked },
  parameters: { session: { token: 'story-token', user: linked }, mockApi: { [NOTICES]: ok({ ...linked, telegramNotices: true }) } },
} satisfies Meta<typeof TelegramNotices>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async () => {
    await expect(await screen.findByRole('checkbox', { name: 'Присылать уведомления в Telegram' })).not.toBeChecked();
  },
};

export const OptedIn: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Присылать уведомления в Telegram' }));
    await expect(await screen.findByText('Настройка уведомлений сохранена')).toBeInTheDocument();
  },
};

export const Refused: Story = {
  parameters: { mockApi: { [NOTICES]: fail(400, ErrorCode.ValidationFailed, 'Сначала подтвердите Telegram при регистрации') } },
  play: async () => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Присылать уведомления в Telegram' }));
    await expect(await screen.findByText('Сначала подтвердите Telegram при регистрации')).toBeInTheDocument();
    await expect(screen.getByRole('checkbox', { name: 'Присылать уведомления в Telegram' })).not.toBeChecked();
  },
};
