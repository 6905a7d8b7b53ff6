import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { AccountMenu } from '../../../../web/src/features/auth/components/AccountMenu';
import { makeUser } from '../../../support/fixtures';

const meta = {
  title: 'features/auth/components/AccountMenu',
  component: AccountMenu,
  args: { user: makeUser({ displayName: 'Сакура', rank: 'сэнпай' }), onSignOut: fn() },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '1rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Меню аккаунта sakura' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveTextContent('Сакура');
  },
};

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Меню аккаунта sakura' }));
    const menu = await screen.findByRole('menu');
    await expect(menu).toHaveTextContent('Ранг: сэнпай');
    await expect(within(menu).getByRole('menuitem', { name: 'Мой профиль' })).toHaveAttribute('href', '/profile');
    await expect(within(menu).getByRole('menuitem', { name: 'Мой AMV плейлист' })).toHaveAttribute('href', '/my-amv-playlist');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Выйти' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};
