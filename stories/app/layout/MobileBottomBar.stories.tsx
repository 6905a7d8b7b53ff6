import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MobileBottomBar } from '../../../web/src/app/layout/MobileBottomBar';
import { onOpenChat } from '../../../web/src/shared/events/open-chat';

const meta = {
  title: 'app/layout/MobileBottomBar',
  component: MobileBottomBar,
  globals: { viewport: { value: 'mobile1' } },
} satisfies Meta<typeof MobileBottomBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('navigation', { name: 'Быстрая навигация' });
    await expect(within(bar).getByRole('link', { name: /Главная/ })).toHaveAttribute('href', '/');
    await expect(within(bar).getByRole('link', { name: /Каталог/ })).toHaveAttribute('href', '/catalog');
    await expect(within(bar).getByRole('link', { name: /AMV/ })).toHaveAttribute('href', '/amv');
    await expect(within(bar).getByRole('link', { name: /Профиль/ })).toHaveAttribute('href', '/profile');

    const opened = fn();
    const unsubscribe = onOpenChat(opened);
    await userEvent.click(within(bar).getByRole('button', { name: /Чат/ }));
    unsubscribe();
    await expect(opened).toHaveBeenCalledWith({ source: 'bottom-bar' });
  },
};
