import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { RewardCardDialog } from '../../../../web/src/features/rewards/components/RewardCardDialog';

const meta = {
  title: 'features/rewards/components/RewardCardDialog',
  component: RewardCardDialog,
  args: { card: 'sakura-legend.png', onClose: fn() },
} satisfies Meta<typeof RewardCardDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Вы получили карточку!' });
    await expect(dialog).toHaveTextContent('Поздравляем! Вам выпала уникальная карточка.');
    await expect(screen.getByRole('img', { name: 'Полученная карточка' })).toHaveAttribute('src', '/uploads/cards/sakura-legend.png');
    await expect(dialog.style.getPropertyValue('--dialog-width')).toBe('370px');
    await userEvent.click(screen.getByRole('button', { name: 'Забрать?' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const Webm: Story = {
  args: { card: 'rei-animated.webm' },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Вы получили карточку!' });
    const video = document.querySelector('video');
    await expect(video).not.toBeNull();
    await expect(video).toHaveAttribute('src', '/api/cards/rei-animated.webm');
    await expect(video?.loop).toBe(true);
    await expect(video?.muted).toBe(true);
    await expect(screen.queryByRole('img', { name: 'Полученная карточка' })).not.toBeInTheDocument();
  },
};
