import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { EpisodeList } from '../../../../web/src/features/player/components/EpisodeList';
import { AT_375, animeEpisodes } from '../player-story-helpers';

const meta = {
  title: 'features/player/components/EpisodeList',
  component: EpisodeList,
  args: { animeId: 20, episodes: animeEpisodes(12).episodes, current: 3, watched: [1, 2] },
  decorators: [(Story) => <div className="page">{Story()}</div>],
} satisfies Meta<typeof EpisodeList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const list = await screen.findByRole('list', { name: 'Серии' });
    const links = within(list).getAllByRole('link');
    await expect(links).toHaveLength(12);
    await expect(links[0]).toHaveAttribute('href', '/watch/20/1');
    await expect(links[0]).toHaveTextContent('Возвращение Узумаки Наруто');
    await expect(links[0]).toHaveTextContent('просмотрено');
    await expect(links[2]).toHaveAttribute('aria-current', 'page');
    await expect(links[2]).toHaveTextContent('сейчас');
  },
};

export const Mobile: Story = { ...AT_375, play: Default.play };
