import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { WatchButton } from '../../../../web/src/features/player/components/WatchButton';
import { ok, userSession } from '../../../support/fixtures';
import { animeEpisodes, progressPoint } from '../player-story-helpers';

const meta = {
  title: 'features/player/components/WatchButton',
  component: WatchButton,
  args: { anime: { id: 20 } },
  decorators: [
    (Story) => (
      <div className="page" data-testid="slot">
        {Story()}
      </div>
    ),
  ],
  parameters: { session: userSession, mockApi: { 'GET /api/anime/20/episodes': ok(animeEpisodes(3)), 'GET /api/progress': ok(null) } },
} satisfies Meta<typeof WatchButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Watch: Story = {
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Смотреть' })).toHaveAttribute('href', '/watch/20/1');
  },
};

/** A saved point: "Продолжить: серия 2, 12:34" opens that episode (the player resumes there). */
export const Continue: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, 'GET /api/progress': ok(progressPoint(2, 754)) } },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Продолжить: серия 2, 12:34' })).toHaveAttribute('href', '/watch/20/2');
  },
};

/** No episodes for this title: no button at all. */
export const NoEpisodes: Story = {
  parameters: { mockApi: { 'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [] }), 'GET /api/progress': ok(null) } },
  play: async () => {
    const slot = await screen.findByTestId('slot');
    await waitFor(() => expect(slot).toBeEmptyDOMElement());
  },
};
