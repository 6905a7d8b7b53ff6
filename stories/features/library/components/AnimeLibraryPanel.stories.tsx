import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { AnimeLibraryPanel } from '../../../../web/src/features/library/components/AnimeLibraryPanel';
import { ok, userSession } from '../../../support/fixtures';
import { AT_375, animeDetails, listEntry } from '../library-story-helpers';

const meta = {
  title: 'features/library/components/AnimeLibraryPanel',
  component: AnimeLibraryPanel,
  args: { anime: animeDetails() },
  decorators: [
    (Story) => (
      <div className="page" data-testid="slot">
        {Story()}
      </div>
    ),
  ],
  parameters: { session: userSession, mockApi: { 'GET /api/users/anime/1': ok(listEntry('watching', { userRating: 9 })) } },
} satisfies Meta<typeof AnimeLibraryPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On the anime page: the list status and the rating side by side (stacked on a phone). */
export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('combobox', { name: 'Мой список' })).toHaveDisplayValue('Смотрю');
    await expect(await screen.findByRole('radio', { name: 'Оценка 9 из 10' })).toBeChecked();
  },
};

export const Mobile: Story = { ...AT_375, play: Default.play };

/** Guests have no list: nothing is shown. */
export const Guest: Story = {
  parameters: { session: null },
  play: async () => {
    await expect(await screen.findByTestId('slot')).toBeEmptyDOMElement();
  },
};
