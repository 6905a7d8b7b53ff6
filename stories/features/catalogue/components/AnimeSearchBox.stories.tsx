import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { AnimeSearchBox } from '../../../../web/src/features/catalogue/components/AnimeSearchBox';
import { ok } from '../../../support/fixtures';
import { PENDING, animeList, suggestion } from '../catalogue-story-helpers';

const [first, second, third] = animeList(3);

const meta = {
  title: 'features/catalogue/components/AnimeSearchBox',
  component: AnimeSearchBox,
  args: { onSearch: fn() },
  decorators: [(Story) => <div className="page">{Story()}</div>],
  parameters: {
    mockApi: { 'GET /api/anime/suggest': ok([suggestion(first!), suggestion(second!, 'Shingeki no Kyojin'), suggestion(third!)]) },
  },
} satisfies Meta<typeof AnimeSearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

const input = () => screen.getByRole('combobox', { name: 'Поиск аниме' });

export const Idle: Story = {
  play: async () => {
    await expect(input()).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Suggestions: Story = {
  play: async () => {
    await userEvent.type(input(), 'ат');
    await expect(await screen.findByRole('listbox', { name: 'Подсказки' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    await expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await expect(input()).toHaveAttribute('aria-activedescendant', options[1]!.id);
  },
};

export const EnterSearchesText: Story = {
  play: async ({ args }) => {
    await userEvent.type(input(), 'врата штейна{Enter}');
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('врата штейна'));
  },
};

export const LoadingSuggestions: Story = {
  parameters: { mockApi: { 'GET /api/anime/suggest': PENDING } },
  play: async () => {
    await userEvent.type(input(), 'ков');
    await expect(await screen.findByText('Ищем...')).toBeInTheDocument();
  },
};

export const NoSuggestions: Story = {
  parameters: { mockApi: { 'GET /api/anime/suggest': ok([]) } },
  play: async () => {
    await userEvent.type(input(), 'zzzz');
    await expect(await screen.findByText('Подсказок нет')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Подсказок нет')).not.toBeInTheDocument());
  },
};
