import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { OnlineStatsDialog } from '../../../../web/src/features/online/components/OnlineStatsDialog';

const meta = {
  title: 'features/online/components/OnlineStatsDialog',
  component: OnlineStatsDialog,
  args: { open: true, onOpenChange: fn() },
} satisfies Meta<typeof OnlineStatsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const names = Array.from({ length: 27 }, (_, index) => `viewer_${String(index + 1).padStart(2, '0')}`);

export const WaitingForStats: Story = {
  parameters: { onlineStats: null },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Сейчас на сайте' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Получаем статистику...');
  },
};

export const Empty: Story = {
  parameters: { onlineStats: { usersOnline: 0, guestsOnline: 3, botsOnline: 1, usernames: [] } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Сейчас на сайте' });
    await expect(dialog).toHaveTextContent('Нет пользователей онлайн');
    await expect(within(dialog).getByText('Гости').nextElementSibling).toHaveTextContent('3');
    await expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

export const ManyUsers: Story = {
  parameters: { onlineStats: { usersOnline: 27, guestsOnline: 12, botsOnline: 2, usernames: names } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Сейчас на сайте' });
    const list = within(dialog).getByRole('list');
    await expect(within(list).getAllByRole('link')).toHaveLength(20);
    await expect(within(list).getByRole('link', { name: 'Профиль пользователя viewer_01' })).toHaveAttribute('href', '/user/viewer_01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Показать ещё' }));
    await expect(within(list).getAllByRole('link')).toHaveLength(27);
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
