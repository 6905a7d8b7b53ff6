import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { AnimeGrid, AnimeGridSkeleton } from '../../../../web/src/features/catalogue/components/AnimeGrid';
import { AT_375, animeList } from '../catalogue-story-helpers';

const meta = {
  title: 'features/catalogue/components/AnimeGrid',
  component: AnimeGrid,
  args: { items: animeList(12), label: 'Популярное' },
  decorators: [(Story) => <div className="page">{Story()}</div>],
} satisfies Meta<typeof AnimeGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const grid = await screen.findByRole('list', { name: 'Популярное' });
    await expect(within(grid).getAllByRole('link')).toHaveLength(12);
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByRole('list', { name: 'Популярное' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  render: () => <AnimeGridSkeleton count={6} />,
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Загружаем аниме...');
  },
};
