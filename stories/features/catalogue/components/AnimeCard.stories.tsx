import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { AnimeCard } from '../../../../web/src/features/catalogue/components/AnimeCard';
import { animeSummary } from '../catalogue-story-helpers';

const meta = {
  title: 'features/catalogue/components/AnimeCard',
  component: AnimeCard,
  args: { anime: animeSummary(3, { title: 'Врата Штейна', year: 2011, kind: 'tv', score: 9.1 }) },
  decorators: [(Story) => <div style={{ width: 180, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof AnimeCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    const link = await screen.findByRole('link', { name: 'Открыть страницу аниме «Врата Штейна»' });
    await expect(link).toHaveAttribute('href', '/anime/3');
    await expect(within(link).getByText('2011 · ТВ сериал')).toBeInTheDocument();
    await expect(within(link).getByLabelText('Оценка 9.1')).toHaveTextContent('9.1');
  },
};

export const WithoutScoreAndYear: Story = {
  args: { anime: animeSummary(7, { title: 'Тетрадь смерти', year: null, kind: 'movie', score: null }) },
  play: async () => {
    const link = await screen.findByRole('link', { name: 'Открыть страницу аниме «Тетрадь смерти»' });
    await expect(within(link).getByText('Фильм')).toBeInTheDocument();
    await expect(within(link).queryByLabelText(/Оценка/)).not.toBeInTheDocument();
  },
};
