import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { AnimeEpisodes } from '../../../../web/src/features/player/components/AnimeEpisodes';
import { ok, userSession } from '../../../support/fixtures';
import { animeEpisodes, viewerEntry } from '../player-story-helpers';

const meta = {
  title: 'features/player/components/AnimeEpisodes',
  component: AnimeEpisodes,
  args: { anime: { id: 20 } },
  decorators: [
    (Story) => (
      <div className="page" data-testid="slot">
        {Story()}
      </div>
    ),
  ],
  parameters: {
    session: userSession,
    mockApi: { 'GET /api/anime/20/episodes': ok(animeEpisodes(3)), 'GET /api/users/anime/20': ok(null) },
  },
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

/** The viewer's watched episodes are marked: those the player recorded, even with a gap. */
export const WatchedMarked: Story = {
  parameters: {
    mockApi: { ...meta.parameters.mockApi, 'GET /api/users/anime/20': ok(viewerEntry({ progress: 3, watchedEpisodes: [1, 3] })) },
  },
  play: async () => {
    const links = within(await screen.findByRole('list', { name: 'Серии' })).getAllByRole('link');
    await waitFor(() => expect(links[0]).toHaveTextContent('просмотрено'));
    await expect(links[1]).not.toHaveTextContent('просмотрено');
    await expect(links[2]).toHaveTextContent('просмотрено');
  },
};

/** A list without recorded episodes (imported, or set by hand): every episode up to the progress is marked. */
export const WatchedByProgress: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'GET /api/users/anime/20': ok(viewerEntry({ progress: 2 })) } },
  play: async () => {
    const links = within(await screen.findByRole('list', { name: 'Серии' })).getAllByRole('link');
    await waitFor(() => expect(links[1]).toHaveTextContent('просмотрено'));
    await expect(links[0]).toHaveTextContent('просмотрено');
    await expect(links[2]).not.toHaveTextContent('просмотрено');
  },
};

/** Nothing to play yet (no episodes of our own, no provider): a short notice instead of silence. */
export const WithoutEpisodes: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [] }) } },
  play: async () => {
    const section = await screen.findByRole('region', { name: 'Серии' });
    await expect(section).toHaveTextContent('Серии пока недоступны');
    await expect(section).toHaveTextContent('У этого аниме пока нет серий для просмотра.');
    await expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  },
};
