import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { AnimeEpisodes } from '../../../../web/src/features/player/components/AnimeEpisodes';
import { ok, userSession } from '../../../support/fixtures';
import { animeEpisodes } from '../player-story-helpers';

const meta = {
  title: 'features/player/components/AnimeEpisodes',
  component: AnimeEpisodes,
  args: { anime: { id: 20 } },
  decorators: [(Story) => <div className="page" data-testid="slot">{Story()}</div>],
  parameters: { session: userSession, mockApi: { 'GET /api/anime/20/episodes': ok(animeEpisodes(3)) } },
} satisfies Meta<typeof AnimeEpisodes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The anime page's "Серии" section. */
export const WithEpisodes: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Серии' })).toBeInTheDocument();
    await expect(within(screen.getByRole('list', { name: 'Серии' })).getAllByRole('link')).toHaveLength(3);
  },
};

export const WithoutEpisodes: Story = {
  parameters: { mockApi: { 'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [] }) } },
  play: async () => {
    const slot = await screen.findByTestId('slot');
    await waitFor(() => expect(slot).toBeEmptyDOMElement());
  },
};
