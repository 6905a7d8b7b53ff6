import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { ChatMessageItem } from '../../../../web/src/features/chat/components/ChatMessageItem';
import { makeChatMessage } from '../../../../web/src/features/chat/testing/chat-fixtures';

const meta = {
  title: 'features/chat/components/ChatMessageItem',
  component: ChatMessageItem,
  args: {
    own: false,
    message: makeChatMessage({ id: 'm1', username: 'hinata', avatar: 'hinata.png', message: 'Смотрите трейлер: https://example.com/trailer' }),
  },
  decorators: [
    (Story) => (
      <div className="chat-panel" style={{ padding: '1rem' }}>
        <ul className="chat-panel__messages">{Story()}</ul>
      </div>
    ),
  ],
} satisfies Meta<typeof ChatMessageItem>;

export default meta;
type Story = StoryObj<typeof meta>;

const item = () => screen.getByRole('listitem');

/** Someone else's message: their avatar beside it, their name linking to their profile, links in the text kept safe. */
export const WithAvatar: Story = {
  play: async () => {
    const message = within(item());
    const avatar = item().querySelector('img.avatar');
    await expect(avatar).toHaveAttribute('src', '/uploads/avatars/hinata.png');
    // The name sits beside it, so the picture is decorative.
    await expect(avatar).toHaveAttribute('alt', '');
    await expect(message.getByRole('link', { name: 'hinata' })).toHaveAttribute('href', '/user/hinata');
    const link = message.getByRole('link', { name: 'https://example.com/trailer' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(item()).not.toHaveClass('chat-message--own');
  },
};

/** No avatar set: the default picture; a name is encoded into the profile address. */
export const WithoutAvatar: Story = {
  args: { message: makeChatMessage({ id: 'm2', username: 'Сакура ?/99', avatar: null, message: 'Привет всем' }) },
  play: async () => {
    await expect(item().querySelector('img.avatar')).toHaveAttribute('src', '/default-avatar.svg');
    await expect(within(item()).getByRole('link', { name: 'Сакура ?/99' })).toHaveAttribute('href', `/user/${encodeURIComponent('Сакура ?/99')}`);
  },
};

/** An animated WebM avatar moves in the chat too. */
export const WithWebmAvatar: Story = {
  args: { message: makeChatMessage({ id: 'm3', username: 'naruto', avatar: 'u-3-clip.webm', message: 'Даттебайо!' }) },
  play: async () => {
    const clip = item().querySelector('video');
    await expect(clip).toHaveAttribute('src', '/uploads/avatars/u-3-clip.webm');
    await expect(clip).toHaveAttribute('aria-hidden', 'true');
    await expect(item().querySelector('img')).toBeNull();
  },
};

/** One's own message: on the other side, marked "(вы)", still linking to one's profile. */
export const Own: Story = {
  args: { own: true, message: makeChatMessage({ id: 'm4', userId: 'u-1', username: 'sakura', avatar: 'sakura.gif', message: 'Только начала, не спойлерите' }) },
  play: async () => {
    await expect(item()).toHaveClass('chat-message--own');
    await expect(within(item()).getByText('(вы)')).toBeInTheDocument();
    await expect(within(item()).getByRole('link', { name: 'sakura' })).toHaveAttribute('href', '/user/sakura');
    await expect(item().querySelector('img.avatar')).toHaveAttribute('src', '/uploads/avatars/sakura.gif');
  },
};

/** A system message (the panel hides them; should one show) has neither an avatar nor a profile link. */
export const System: Story = {
  args: { message: makeChatMessage({ id: 's1', userId: null, username: 'system', isSystem: true, message: 'К нам присоединился новый пользователь' }) },
  play: async () => {
    await expect(within(item()).getByText('system')).toBeInTheDocument();
    await expect(within(item()).queryByRole('link')).not.toBeInTheDocument();
    await expect(item().querySelector('.avatar')).toBeNull();
  },
};
