import { ErrorCode, type TitleTeams as TitleTeamsAnswer } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';
import { TitleTeams } from '../../../../web/src/features/catalogue/components/TitleTeams';
import { fail, ok } from '../../../support/fixtures';

const TEAMS = 'GET /api/anime/1/teams';
const teams = (fields: Partial<TitleTeamsAnswer> = {}): TitleTeamsAnswer => ({
  animeId: 1,
  voice: [
    { id: 1, name: 'AniLibria', kind: 'voice' },
    { id: 2, name: 'Studio Band', kind: 'voice' },
  ],
  subtitles: [{ id: 4, name: 'Crunchyroll', kind: 'subtitles' }],
  ...fields,
});
const line = () => document.querySelector('.anime-teams');

/** The title page's line under the facts: the teams of its published episodes' voice-overs and subtitles. */
const meta = {
  title: 'features/catalogue/components/TitleTeams',
  component: TitleTeams,
  args: { animeId: 1 },
  parameters: { layout: 'padded', mockApi: { [TEAMS]: ok(teams()) } },
} satisfies Meta<typeof TitleTeams>;

export default meta;
type Story = StoryObj<typeof meta>;

export const VoiceAndSubtitles: Story = {
  play: async () => {
    await screen.findByText('Озвучка:');
    await expect(line()?.textContent).toBe('Озвучка: AniLibria, Studio Band · Субтитры: Crunchyroll');
  },
};

export const VoiceOnly: Story = {
  parameters: { mockApi: { [TEAMS]: ok(teams({ subtitles: [] })) } },
  play: async () => {
    await screen.findByText('Озвучка:');
    await expect(line()?.textContent).toBe('Озвучка: AniLibria, Studio Band');
  },
};

export const SubtitlesOnly: Story = {
  parameters: { mockApi: { [TEAMS]: ok(teams({ voice: [] })) } },
  play: async () => {
    await screen.findByText('Субтитры:');
    await expect(line()?.textContent).toBe('Субтитры: Crunchyroll');
  },
};

/** Neither kind (no published episode has an added or titled track): nothing at all, not an empty line. */
export const NoTeams: Story = {
  parameters: { mockApi: { [TEAMS]: ok(teams({ voice: [], subtitles: [] })) } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.anime-teams')).toBeNull());
    await expect(canvasElement.textContent?.trim()).toBe('');
  },
};

/** The request failed: the line is left out, without an error. */
export const RequestFailed: Story = {
  parameters: { mockApi: { [TEAMS]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(canvasElement.querySelector('.anime-teams')).toBeNull();
    await expect(screen.queryByText('Сервис временно недоступен')).toBeNull();
  },
};
