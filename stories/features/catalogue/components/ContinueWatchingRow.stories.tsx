import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { ContinueWatchingRow } from '../../../../web/src/features/catalogue/components/ContinueWatchingRow';
import { animeSummary } from '../catalogue-story-helpers';

const meta = {
  title: 'features/catalogue/components/ContinueWatchingRow',
  component: ContinueWatchingRow,
  decorators: [(Story) => <div className="page" data-testid="slot">{Story()}</div>],
} satisfies Meta<typeof ContinueWatchingRow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithItems: Story = {
  args: {
    items: [
      { anime: animeSummary(2, { episodes: 25 }), nextEpisode: 8, watched: 7 },
      { anime: animeSummary(4, { episodes: null }), nextEpisode: 3, watched: 2 },
    ],
  },
  play: async () => {
    const row = await screen.findByRole('list', { name: 'Продолжить просмотр' });
    const links = within(row).getAllByRole('link');
    await expect(links[0]).toHaveAttribute('href', '/watch/2/8');
    await expect(links[0]).toHaveTextContent('8-я серия');
    await expect(links[0]).toHaveTextContent('Просмотрено 7 из 25 серий');
    await expect(links[1]).toHaveTextContent('Просмотрено: 2 серии');
  },
};

/** Until the library issue provides data, the slot renders nothing: no heading, no empty state. */
export const WithoutItems: Story = {
  args: { items: [] },
  play: async () => {
    await expect(await screen.findByTestId('slot')).toBeEmptyDOMElement();
  },
};
