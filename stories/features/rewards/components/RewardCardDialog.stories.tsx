import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { RewardCardDialog } from '../../../../web/src/features/rewards/components/RewardCardDialog';
import { CATALOGUE, makeGrant } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { LocationProbe } from '../../../../web/src/test/render';

const meta = {
  title: 'features/rewards/components/RewardCardDialog',
  component: RewardCardDialog,
  args: { card: 'sakura-legend.png', onClose: fn() },
  decorators: [
    (Story) => (
      <>
        <Story />
        <LocationProbe />
      </>
    ),
  ],
} satisfies Meta<typeof RewardCardDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new card as an answer names it (the file only): 370 px, «Забрать?» leads to the collection. */
export const Image: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Вы получили карточку!' });
    await expect(dialog).toHaveTextContent('Поздравляем! Вам выпала уникальная карточка.');
    await expect(screen.getByRole('img', { name: 'Полученная карточка' })).toHaveAttribute('src', '/api/cards/sakura-legend.png');
    await expect(dialog.style.getPropertyValue('--dialog-width')).toBe('370px');
    await userEvent.click(screen.getByRole('button', { name: 'Забрать?' }));
    await expect(args.onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile?tab=cards'));
  },
};

/** A WebM card: a looping muted video from /api/cards/. */
export const Webm: Story = {
  args: { card: 'rei-animated.webm' },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Вы получили карточку!' });
    const video = document.querySelector('video');
    await expect(video).not.toBeNull();
    await expect(video).toHaveAttribute('src', '/api/cards/rei-animated.webm');
    await expect(video?.loop).toBe(true);
    await expect(video?.muted).toBe(true);
    await expect(video?.autoplay).toBe(true);
    await expect(screen.queryByRole('img', { name: 'Полученная карточка' })).not.toBeInTheDocument();
  },
};

/** The socket told the grant: the card's title is shown. */
export const NewWithTitle: Story = {
  args: { card: CATALOGUE[1]!.file, grant: makeGrant({ card: CATALOGUE[1]! }) },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Вы получили карточку!' });
    await expect(dialog).toHaveTextContent('Кицунэ');
    await expect(screen.getByRole('img', { name: 'Кицунэ' })).toBeInTheDocument();
    await expect(dialog).not.toHaveTextContent(/превратилась/);
  },
};

/** A card the user had already: it became points, and the dialog says how many. */
export const Duplicate: Story = {
  args: { card: CATALOGUE[0]!.file, grant: makeGrant({ duplicate: true, points: 50 }) },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Вы получили карточку!' });
    await expect(screen.getByRole('status')).toHaveTextContent('Такая карточка у вас уже есть — она превратилась в 50 очков.');
  },
};

/** More grants wait after this one. */
export const MoreWaiting: Story = {
  args: { waiting: 2 },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Вы получили карточку!' });
    await expect(dialog).toHaveTextContent('Ещё 2 карточки ждут своей очереди.');
  },
};
