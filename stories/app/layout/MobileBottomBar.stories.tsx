import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MobileBottomBar } from '../../../web/src/app/layout/MobileBottomBar';
import { publishChatUnread } from '../../../web/src/shared/events/chat-unread';
import { onOpenChat } from '../../../web/src/shared/events/open-chat';

const meta = {
  title: 'app/layout/MobileBottomBar',
  component: MobileBottomBar,
  globals: { viewport: { value: 'mobile1' } },
} satisfies Meta<typeof MobileBottomBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  beforeEach: () => publishChatUnread(0),
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

/** The chat widget publishes its unread count; the bar shows it on the chat button, capped at 99+. */
export const ChatUnread: Story = {
  beforeEach: () => {
    publishChatUnread(3);
    return () => publishChatUnread(0);
  },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('navigation', { name: 'Быстрая навигация' });
    const chat = within(bar).getByRole('button', { name: 'Чат, непрочитанных сообщений: 3' });
    await expect(chat).toHaveTextContent('3');
    publishChatUnread(150);
    await expect(await within(bar).findByRole('button', { name: 'Чат, непрочитанных сообщений: 150' })).toHaveTextContent('99+');
  },
};
