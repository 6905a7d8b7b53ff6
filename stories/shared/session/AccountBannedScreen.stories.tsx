import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { AccountBannedPanel } from '../../../web/src/shared/session/AccountBannedScreen';

/** What a fully banned user sees instead of the site (any answer USER_BANNED shows it). */
const meta = {
  title: 'shared/session/AccountBannedScreen',
  component: AccountBannedPanel,
  args: { notice: { kind: 'full', reason: 'Спам в чате', until: '2026-12-03T11:00:00.000Z' }, onSignOut: fn() },
} satisfies Meta<typeof AccountBannedPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A ban with an end: the date (Moscow time) and the reason; signing out is the way on. */
export const Temporary: Story = {
  play: async ({ args }) => {
    await expect(await screen.findByRole('alertdialog', { name: 'Аккаунт заблокирован' })).toBeInTheDocument();
    await expect(screen.getByText(/Блокировка действует до 3 декабря 2026/)).toBeInTheDocument();
    await expect(screen.getByText(/Причина: Спам в чате/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Выйти из аккаунта' }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

export const Permanent: Story = {
  args: { notice: { kind: 'full', reason: 'Взлом чужих аккаунтов', until: null } },
  play: async () => {
    await expect(await screen.findByText(/Блокировка бессрочная/)).toBeInTheDocument();
    await expect(screen.getByText(/Причина: Взлом чужих аккаунтов/)).toBeInTheDocument();
  },
};
